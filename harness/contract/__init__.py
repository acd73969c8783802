"""The suite's own files and what binds engines to it: where the corpus, the catalogue and the
JSON Schemas are (files), the schemas loaded and compiled once (schemas), json.dumps's encoders
made once (dumps), the suite's version, the nearest name to a mistyped one (words), the
protocol's messages as TypeScript declarations, generated from the schemas (typescript), and the
field reference of docs/PROTOCOL.md made from the schemas' descriptions (field_reference).
Imports nothing of the rest of the harness."""
