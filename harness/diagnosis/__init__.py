"""The diagnosis of a run: from its failing results to their likely causes, from the results alone.
The rules ranked by how strongly the failures point at them (ranking), each failure as the request
that was sent (failures), when a known bug reproduces an engine's wrong answer (explains), the
mutants replayed in-process on the failures within a bounded cost (replay), and the causes chosen
by a greedy cover, each with its smallest failing case (diagnose)."""
