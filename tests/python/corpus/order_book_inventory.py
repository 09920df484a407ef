"""Bookkeeping with lists, dicts and tuples: a limit order book over namedtuple orders,
stock in/out with a shortage log, an LRU cache simulation, interval merging, the maximum
overlap of intervals, and a grade report with f-strings."""
from collections import namedtuple

from numba import njit
from _same import check_same

Order = namedtuple("Order", ["oid", "side", "price", "qty"])


@njit
def match_orders(orders):
    bids = [(0, 0, 0)]
    bids.pop()
    asks = [(0, 0, 0)]
    asks.pop()
    fills = []
    for o in orders:
        if o.side == 0:
            rem = o.qty
            while rem > 0 and len(asks) > 0 and asks[0][0] <= o.price:
                p, q, oid = asks[0]
                t = min(q, rem)
                fills.append((o.oid, oid, p, t))
                rem -= t
                if t == q:
                    asks.pop(0)
                else:
                    asks[0] = (p, q - t, oid)
            if rem > 0:
                bids.append((-o.price, rem, o.oid))
                bids.sort()
        else:
            rem = o.qty
            while rem > 0 and len(bids) > 0 and -bids[0][0] >= o.price:
                np_, q, oid = bids[0]
                t = min(q, rem)
                fills.append((oid, o.oid, -np_, t))
                rem -= t
                if t == q:
                    bids.pop(0)
                else:
                    bids[0] = (np_, q - t, oid)
            if rem > 0:
                asks.append((o.price, rem, o.oid))
                asks.sort()
    return fills, len(bids), len(asks)


@njit
def inventory(events):
    stock = {}
    log = []
    for kind, item, n in events:
        if kind == "in":
            stock[item] = stock.get(item, 0) + n
        elif kind == "out":
            have = stock.get(item, 0)
            if have < n:
                log.append("short:" + item)
            else:
                stock[item] = have - n
                if stock[item] == 0:
                    del stock[item]
    items = sorted(stock.keys())
    return [(k, stock[k]) for k in items], log


@njit
def lru_sim(cap, reqs):
    cache = {}
    hits = 0
    tick = 0
    for r in reqs:
        tick += 1
        if r in cache:
            hits += 1
            cache[r] = tick
        else:
            if len(cache) >= cap:
                victim = -1
                best = 1 << 62
                for k, t in cache.items():
                    if t < best:
                        best = t
                        victim = k
                del cache[victim]
            cache[r] = tick
    return hits, sorted(cache.keys())


@njit
def merge_intervals(iv):
    iv = sorted(iv)
    out = [iv[0]]
    out.pop()
    for s, e in iv:
        if len(out) > 0 and s <= out[-1][1]:
            ps, pe = out[-1]
            out[-1] = (ps, max(pe, e))
        else:
            out.append((s, e))
    return out


@njit
def max_overlap(iv):
    ev = []
    for s, e in iv:
        ev.append((s, 1))
        ev.append((e, -1))
    ev.sort()
    cur = 0
    best = 0
    at = 0
    for t, d in ev:
        cur += d
        if cur > best:
            best = cur
            at = t
    return best, at


@njit
def grade_book(records):
    by = {}
    for name, score in records:
        if name not in by:
            by[name] = [score]
        else:
            by[name].append(score)
    rep = []
    for name in sorted(by):
        sc = by[name]
        avg = sum(sc) / len(sc)
        letter = "A" if avg >= 90 else "B" if avg >= 80 else "C" if avg >= 70 else "F"
        rep.append(f"{name}: {letter}")
    return rep


def check():
    orders = [Order(1, 1, 101, 5), Order(2, 1, 100, 3), Order(3, 0, 100, 4), Order(4, 0, 102, 6),
              Order(5, 1, 99, 10)]
    check_same(match_orders, orders)
    check_same(inventory, [("in", "apple", 5), ("in", "pear", 2), ("out", "apple", 3), ("out", "pear", 5),
                           ("out", "apple", 2), ("in", "fig", 1), ("out", "kiwi", 1)])
    check_same(lru_sim, 3, [1, 2, 3, 1, 4, 2, 5, 1, 2, 3])
    check_same(merge_intervals, [(5, 7), (1, 3), (2, 4), (6, 8), (10, 11)])
    check_same(max_overlap, [(1, 5), (2, 6), (4, 8), (7, 9)])
    check_same(grade_book, [("zoe", 91.0), ("al", 70.0), ("zoe", 85.0), ("bo", 60.5), ("al", 95.0)])
