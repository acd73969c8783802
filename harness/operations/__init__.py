"""The operations (show, play, pegging, deal, cut, hand, game): what the reference engine answers
to each, as the JSON that cases and the protocol speak (answers), the optional features and the
result keys they cover (features), what an engine claims per operation (capabilities: features,
and whether it judges illegal input), when an answer agrees with an expectation (compare),
the reference's fast answers to batches of show (fast_show, show_batch), and the rule each part
of an answer rests on (rule_ids)."""
