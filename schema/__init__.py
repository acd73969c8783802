"""The JSON Schemas, installed with cribcheck as the data package `cribcheck.harness._schema` (see
pyproject.toml); the files are JSON, this file only makes the folder a package."""
