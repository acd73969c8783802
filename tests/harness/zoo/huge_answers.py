"""Answers every request right, each answer padded to a megabyte or more where no check looks: a
result gets a key of its own (`padding`, a string of 1,000,000 bytes), a rejection a message of
a million bytes more; and the trigger's breakdown gets 50,000 members more than the five the
suite compares. The run passes; what its results keep of the answers must stay small."""

from _common import is_trigger, right, send, serve

PADDING = "x" * 1_000_000


def misbehave(request):
    answer = right(request)
    if "ok" in answer:
        answer["ok"]["padding"] = PADDING
        if is_trigger(request):
            answer["ok"]["breakdown"] = {**answer["ok"]["breakdown"], **{f"extra{n}": n for n in range(50_000)}}
    elif "rejected" in answer:
        answer["rejected"]["message"] += " " + PADDING
    send(answer)
    return True


serve(misbehave)
