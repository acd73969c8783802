"""Starts a helper process (a solver, a language server: in the engine's process group) and
answers right; at `bye` it exits cleanly and leaves the helper running."""

from _common import serve, start_helper

start_helper()
serve()
