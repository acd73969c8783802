"""Starts a helper process (a solver, a language server: in the engine's process group), then
takes two seconds before it reads hello (a JVM warming up, a large table loading), then answers
right: the engine of the tests that interrupt a run while its engines are still starting."""

import time

from _common import serve, start_helper

start_helper()
time.sleep(2.0)
serve()
