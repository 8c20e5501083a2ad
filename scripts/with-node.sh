#!/usr/bin/env bash
# Runs a command with Node <version> first on PATH: the node-<os>-<arch> package from the npm registry, cached.
#   scripts/with-node.sh 24 npm test        # the suite on the newest Node 24
#   scripts/with-node.sh 22.19.0 npm run demo
#   scripts/with-node.sh 24                 # prints the bin directory (installs it first if needed)
# The cache is $NODE_RUNTIMES_DIR (default ~/.cache/terraform-provider-uptime/node), one folder per version asked
# for; it is reused as long as it exists (delete a folder to get a newer patch release). npm (any npm >= 10 that is
# on PATH) runs on the chosen Node, so `npm ci`, `npm test` and `npx` all use it.
set -euo pipefail

if [ $# -lt 1 ] || [[ ! "$1" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]]; then
  echo "usage: $0 <node version: 24, 22 or 22.19.0> [command args...]" >&2
  exit 2
fi
version=$1
shift

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) echo "$0: no node-<os> package for $(uname -s) (use a Node installer there)" >&2; exit 2 ;;
esac
case "$(uname -m)" in
  x86_64 | amd64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "$0: no node-$os-<arch> package for $(uname -m)" >&2; exit 2 ;;
esac

pkg="node-$os-$arch"
dir="${NODE_RUNTIMES_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/terraform-provider-uptime/node}/$pkg@$version"
bin="$dir/node_modules/$pkg/bin"
if [ ! -x "$bin/node" ]; then
  echo "installing $pkg@$version from the npm registry into $dir" >&2
  mkdir -p "$dir"
  # The package holds only the Node binary (no install script); --prefix keeps it out of any project.
  npm install --prefix "$dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "$pkg@$version" >&2
fi

if [ $# -eq 0 ]; then
  echo "$bin"
  exit 0
fi
PATH="$bin:$PATH" exec "$@"
