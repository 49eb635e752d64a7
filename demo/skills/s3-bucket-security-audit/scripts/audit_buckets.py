#!/usr/bin/env python3
"""Read-only S3 security audit: public access, encryption, TLS-only policy, versioning, logging."""
import argparse
import json
import sys

import boto3
from botocore.exceptions import ClientError

PUBLIC_GRANTEES = {
    "http://acs.amazonaws.com/groups/global/AllUsers",
    "http://acs.amazonaws.com/groups/global/AuthenticatedUsers",
}


def safe(call, *args, missing=None, **kwargs):
    """Return the API response, or `missing` when the configuration does not exist."""
    try:
        return call(*args, **kwargs)
    except ClientError as err:
        code = err.response["Error"]["Code"]
        if code in {"NoSuchBucketPolicy", "NoSuchPublicAccessBlockConfiguration",
                    "ServerSideEncryptionConfigurationNotFoundError", "NoSuchConfiguration"}:
            return missing
        raise


def block_all(cfg: dict | None) -> bool:
    return bool(cfg) and all(cfg.get(k) for k in
                             ("BlockPublicAcls", "IgnorePublicAcls", "BlockPublicPolicy", "RestrictPublicBuckets"))


def policy_flags(policy_text: str | None) -> tuple[bool, bool]:
    if not policy_text:
        return False, False
    allows_public, tls_only = False, False
    for st in json.loads(policy_text).get("Statement", []):
        principal = st.get("Principal")
        is_everyone = principal == "*" or (isinstance(principal, dict) and principal.get("AWS") == "*")
        if st.get("Effect") == "Allow" and is_everyone and not st.get("Condition"):
            allows_public = True
        cond = json.dumps(st.get("Condition", {}))
        if st.get("Effect") == "Deny" and "aws:SecureTransport" in cond:
            tls_only = True
    return allows_public, tls_only


def audit(session) -> list[dict]:
    s3 = session.client("s3")
    account_id = session.client("sts").get_caller_identity()["Account"]
    control = session.client("s3control")
    account_block = block_all(safe(control.get_public_access_block, AccountId=account_id,
                                   missing={}).get("PublicAccessBlockConfiguration"))
    rows = []
    for bucket in s3.list_buckets()["Buckets"]:
        name = bucket["Name"]
        region = s3.get_bucket_location(Bucket=name).get("LocationConstraint") or "us-east-1"
        c = session.client("s3", region_name=region)
        bucket_block = block_all(safe(c.get_public_access_block, Bucket=name,
                                      missing={}).get("PublicAccessBlockConfiguration"))
        policy = safe(c.get_bucket_policy, Bucket=name, missing={}).get("Policy")
        allows_public, tls_only = policy_flags(policy)
        acl = c.get_bucket_acl(Bucket=name)
        acl_public = any(g["Grantee"].get("URI") in PUBLIC_GRANTEES for g in acl["Grants"])
        enc = safe(c.get_bucket_encryption, Bucket=name, missing=None)
        versioning = c.get_bucket_versioning(Bucket=name).get("Status", "Disabled")
        logging_on = "LoggingEnabled" in c.get_bucket_logging(Bucket=name)
        blocked = account_block or bucket_block
        rows.append({
            "bucket": name, "region": region,
            "public": (allows_public or acl_public) and not blocked,
            "block_public_access": blocked, "policy_public": allows_public, "acl_public": acl_public,
            "encrypted": enc is not None, "tls_only": tls_only,
            "versioning": versioning, "logging": logging_on,
        })
    return rows


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--profile")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    rows = audit(boto3.Session(profile_name=args.profile))
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
        return 0
    yn = lambda v: "yes" if v else "no"
    print(f"{'bucket':<40}{'PUBLIC':<8}{'block':<7}{'enc':<5}{'tls':<5}{'versioning':<12}{'logs':<5}")
    for r in sorted(rows, key=lambda r: (not r["public"], r["bucket"])):
        print(f"{r['bucket'][:39]:<40}{('PUBLIC' if r['public'] else '-'):<8}{yn(r['block_public_access']):<7}"
              f"{yn(r['encrypted']):<5}{yn(r['tls_only']):<5}{r['versioning']:<12}{yn(r['logging']):<5}")
    public = sum(r["public"] for r in rows)
    print(f"\n{len(rows)} buckets, {public} public, {sum(not r['tls_only'] for r in rows)} without TLS-only policy")
    return 0


if __name__ == "__main__":
    sys.exit(main())
