"""Mutant engines: the reference with one plausible bug each, to prove the corpus catches bugs. The
mutants as data (catalogue), their buggy code (bugs), the patching (mutation), a mutant as an
engine (engine, `cribcheck serve --mutant`), and the kill table (`cribcheck mutants`)."""
