#!/usr/bin/env python3
"""Two-proportion A/B test, sample-ratio-mismatch check and sample-size planning (stdlib only)."""
import argparse
import math
import sys
from statistics import NormalDist

Z = NormalDist()


def two_proportion(va: int, ca: int, vb: int, cb: int, alpha: float) -> dict:
    pa, pb = ca / va, cb / vb
    pooled = (ca + cb) / (va + vb)
    se_pooled = math.sqrt(pooled * (1 - pooled) * (1 / va + 1 / vb))
    z = (pb - pa) / se_pooled if se_pooled else 0.0
    p_value = 2 * (1 - Z.cdf(abs(z)))
    # unpooled standard error for the confidence interval of the difference
    se = math.sqrt(pa * (1 - pa) / va + pb * (1 - pb) / vb)
    margin = Z.inv_cdf(1 - alpha / 2) * se
    diff = pb - pa
    return {"pa": pa, "pb": pb, "diff": diff, "rel": diff / pa if pa else float("nan"),
            "ci": (diff - margin, diff + margin), "z": z, "p": p_value}


def srm(va: int, vb: int, expected_a: float) -> float:
    """Chi-square goodness-of-fit (1 dof) p-value for the observed split."""
    n = va + vb
    ea, eb = n * expected_a, n * (1 - expected_a)
    chi2 = (va - ea) ** 2 / ea + (vb - eb) ** 2 / eb
    # with 1 degree of freedom, chi2 = z^2
    return 2 * (1 - Z.cdf(math.sqrt(chi2)))


def sample_size(baseline: float, mde_rel: float, alpha: float, power: float) -> int:
    p1, p2 = baseline, baseline * (1 + mde_rel)
    za, zb = Z.inv_cdf(1 - alpha / 2), Z.inv_cdf(power)
    pbar = (p1 + p2) / 2
    n = (za * math.sqrt(2 * pbar * (1 - pbar)) + zb * math.sqrt(p1 * (1 - p1) + p2 * (1 - p2))) ** 2
    return math.ceil(n / (p2 - p1) ** 2)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--a", nargs=2, type=int, metavar=("VISITORS", "CONVERSIONS"))
    p.add_argument("--b", nargs=2, type=int, metavar=("VISITORS", "CONVERSIONS"))
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--expected-split", type=float, default=0.5, help="share of traffic meant for A")
    p.add_argument("--plan", action="store_true", help="print the sample size per arm and exit")
    p.add_argument("--baseline", type=float, help="baseline conversion rate for --plan")
    p.add_argument("--mde", type=float, help="minimum detectable effect, relative (0.1 = +10%%)")
    p.add_argument("--power", type=float, default=0.8)
    args = p.parse_args()

    if args.plan:
        if args.baseline is None or args.mde is None:
            p.error("--plan needs --baseline and --mde")
        n = sample_size(args.baseline, args.mde, args.alpha, args.power)
        print(f"visitors needed per arm: {n:,} (total {2 * n:,}) for {args.power:.0%} power, alpha {args.alpha}")
        return 0
    if not args.a or not args.b:
        p.error("--a and --b are required")
    (va, ca), (vb, cb) = args.a, args.b
    if min(va, vb) <= 0 or ca > va or cb > vb:
        p.error("conversions must be between 0 and visitors, visitors > 0")

    srm_p = srm(va, vb, args.expected_split)
    print(f"split: A {va:,} / B {vb:,}  SRM p = {srm_p:.3g}")
    if srm_p < 0.001:
        print("WARNING: sample ratio mismatch; assignment or logging is broken. Do not trust the result.")
    r = two_proportion(va, ca, vb, cb, args.alpha)
    level = 1 - args.alpha
    print(f"A: {r['pa']:.2%}   B: {r['pb']:.2%}")
    print(f"lift: {r['diff'] * 100:+.2f} pp ({r['rel']:+.1%} relative)")
    print(f"{level:.0%} CI of difference: {r['ci'][0] * 100:+.2f} .. {r['ci'][1] * 100:+.2f} pp")
    print(f"z = {r['z']:.2f}, p = {r['p']:.3g} -> "
          + ("significant" if r["p"] < args.alpha else "not significant") + f" at alpha {args.alpha}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
