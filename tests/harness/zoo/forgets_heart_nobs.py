"""Claims `batch` and counts right, except that a jack of hearts never scores nobs: a bug that
depends on which suit is which, so a canonical sweep (every starter a club) cannot see it."""

from _common import right, send, serve


def wrong(data, answer):
    ok = answer.get("ok")
    if ok and data.get("starter", "").endswith("H") and "JH" in data.get("cards", []) and ok["breakdown"]["nobs"]:
        nobs = ok["breakdown"]["nobs"]
        return {"ok": {"total": ok["total"] - nobs, "breakdown": {**ok["breakdown"], "nobs": 0}}}
    return answer


def misbehave(request):
    answer = right(request)
    seq = answer.pop("seq")
    if "batch" in answer:
        answers = zip(request["batch"], answer["batch"], strict=True)
        send({"seq": seq, "batch": [wrong(data, one) for data, one in answers]})
    else:
        send({"seq": seq, **wrong(request["input"], answer)})
    return True


serve(misbehave)
