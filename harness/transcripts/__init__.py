"""Transcripts (`cribcheck check`): a record of what an engine really did, one request and its
answer a line, read as a stream (lines), judged line by line by the reference through the runner's
own verdict, reports and end of run (check), a disagreement written as a case by the fuzzer's
findings; and the reference's own games written as a transcript (generate)."""
