"""The engine connection: the process and its pipes (transport), the protocol's messages and the
checks of every answer (protocol; known_answers keeps the verdicts on the valid ones), the
engines the runner talks to (engines: in-process, persistent and pipelined, once), the adapter
helper for engine authors (adapter), and the reference engine as an adapter (`cribcheck serve`)."""
