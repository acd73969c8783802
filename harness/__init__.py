"""cribcheck's harness: case files, engines, the adapter protocol and reports."""
