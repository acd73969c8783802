"""Prints a banner on stdout before anything else."""

from _common import serve, write

write("Welcome to CribEngine 2.0! Type 'help' for help.")
serve()
