"""Says hostile words wherever an engine has words: markup, images, links, fences, pipes and
terminal escape sequences in its hello's name, version and language, in every rejection message
(it rejects every show request), and on its stderr before it crashes on the trigger request.
No report may act on any of it (tests/harness/test_safe_outputs.py)."""

import sys

from _common import is_trigger, right, send, serve

NAME = '\x1b]0;pwned\x07<img src="https://example.invalid/n.png">'  # a window title, an image
VERSION = "```\x1b[2J"  # a fence, a clear screen
LANGUAGE = "a|b ![i](https://example.invalid/l.png)"  # a table cell split, an image
MESSAGE = (
    '<meta http-equiv="refresh" content="0;url=https://example.invalid/"> [l](https://example.invalid/) '
    "\x1b[8mhidden\r\x1b[2Koverwritten\u202e\x00\x07"
)
STDERR = ("```", "# injected heading", "\x1b]0;stderr\x07\x1b[31mred", "<script>alert(1)</script>")


def misbehave(request):
    if is_trigger(request):
        sys.stderr.write("\n".join(STDERR) + "\n")
        sys.stderr.flush()
        sys.exit(70)
    if request.get("op") == "show":
        send({"seq": request["seq"], "rejected": {"code": "invalid_input", "message": MESSAGE}})
        return True
    return False


sys.stdin.readline()
hello = right({"hello": {"protocol": 1, "suite": "0"}})
hello["hello"]["engine"].update(name=NAME, version=VERSION, language=LANGUAGE)
hello["hello"]["features"] = [name for name in hello["hello"]["features"] if name != "batch"]  # one request a line
send(hello)
serve(misbehave)
