"""The case corpus: case files loaded and checked against their schema (cases), the rules
catalogue, and the two commands about the corpus itself: `cribcheck lint` and `cribcheck explain`."""
