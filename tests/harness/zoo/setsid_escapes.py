"""Starts a child that calls setsid (a session and process group of its own, outside the
engine's), then answers right: a daemon the process group cannot reach."""

from _common import serve, start_helper

start_helper(start_new_session=True)
serve()
