"""What a run produces: the closed set of statuses (status), one result per case x profile and
their summary (results), the verdict from an engine's outcome to a result (verdict), and the
expectations files of known failures (expectations, write_expectations), and the shape of a run's
diagnosis (diagnosis: its likely causes, computed by harness/diagnosis/)."""
