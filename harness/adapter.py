"""The adapter helper's old import path, kept for engine authors who import it from here: the helper
itself is harness/engine/adapter.py."""

from __future__ import annotations

from cribcheck.harness.engine.adapter import Adapter, BatchHandler, Handler, Rejected, Skip

__all__ = ["Adapter", "BatchHandler", "Handler", "Rejected", "Skip"]
