"""The case corpus: case files loaded and checked against their schema (cases), the rules
catalogue, the two commands about the corpus itself, `cribcheck lint` and `cribcheck explain`, and
the two that settle a dispute with no case id, `cribcheck count` and `cribcheck peg` (any hand or
pegging laid out as explain lays out a case, beside the catalogue's other readings)."""
