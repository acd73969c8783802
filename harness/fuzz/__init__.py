"""Differential fuzzing (`cribcheck fuzz`): random inputs for every operation (strategies), sent to
an engine and compared with the reference (fuzz), and each disagreement written as a case (findings)."""
