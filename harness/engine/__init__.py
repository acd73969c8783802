"""The engine connection: the process and its pipes (transport), the protocol's messages and the
checks of every answer (protocol; known_answers keeps the verdicts on the valid ones), the
engines the runner talks to (engines: in-process, persistent and pipelined, once; a hello that
changes stops the run), the adapter helpers for engine authors (adapter.py, and as package data
adapter.js with its TypeScript declarations; `cribcheck helpers` says where), and the reference
engine as an adapter (`cribcheck serve`)."""
