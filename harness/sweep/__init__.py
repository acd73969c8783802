"""Exhaustive show sweeps (`cribcheck sweep`): the combinations covered (space), the plan and what
was found (plan), the sweep itself (sweep) and its report (report)."""
