"""Running the suite against an engine: `cribcheck run` (runner), which cases and profiles a run
holds (selection), and `cribcheck smoke`, three requests to check an adapter's wiring."""
