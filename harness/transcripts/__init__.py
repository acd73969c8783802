"""Transcripts (`cribcheck check`): a record of what an engine really did, one request and its
answer a line, read as a stream (lines), each line judged by the reference through the runner's own
verdict (judge), here or in several processes (jobs), with the answers lines share worked out once
(memo), then the runner's reports and end of run (check), a disagreement written as a case by the
fuzzer's findings; and the reference's own games written as a transcript (generate)."""
