"""The engine connection: the process and its pipes (transport), the protocol's messages and the
checks of every answer (protocol), the engines the runner talks to (engines: in-process,
persistent and pipelined, once), the adapter helper for engine authors (adapter), and the
reference engine as an adapter (`cribcheck serve`)."""
