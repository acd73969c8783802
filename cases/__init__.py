"""The case corpus and the rules catalogue, installed with cribcheck as the data package
`harness._cases` (see pyproject.toml); the files are YAML, this file only makes the folder a package."""
