#!/usr/bin/env bash
# Run the static Terraform checks that are installed and summarise the results.
# Usage: tf-check.sh [module-dir]   (defaults to the current directory)
set -uo pipefail

dir=${1:-.}
cd "$dir" || { echo "no such directory: $dir" >&2; exit 2; }
status=0

section() { printf '\n== %s\n' "$1"; }

section "terraform fmt"
if terraform fmt -check -recursive -diff; then
  echo "ok: formatting"
else
  echo "FAIL: run 'terraform fmt -recursive'"; status=1
fi

section "terraform validate"
# -backend=false: validation must not touch remote state or need credentials
if terraform init -backend=false -input=false >/dev/null && terraform validate -no-color; then
  :
else
  status=1
fi

section "tflint"
if command -v tflint >/dev/null; then
  [ -f .tflint.hcl ] || echo "warning: no .tflint.hcl, provider rulesets (aws/google/azurerm) are not enabled"
  tflint --init >/dev/null 2>&1
  tflint --recursive --format compact || status=1
else
  echo "skipped: tflint not installed (https://github.com/terraform-linters/tflint)"
fi

section "checkov"
if command -v checkov >/dev/null; then
  checkov -d . --framework terraform --compact --quiet || status=1
else
  echo "skipped: checkov not installed (pip install checkov)"
fi

section "provider pinning"
if grep -rqs "required_providers" --include='*.tf' .; then
  grep -rn -A3 "required_providers" --include='*.tf' . | grep -n "version" >/dev/null \
    && echo "ok: provider versions declared" \
    || { echo "FAIL: required_providers without version constraints"; status=1; }
else
  echo "FAIL: no required_providers block"; status=1
fi

exit $status
