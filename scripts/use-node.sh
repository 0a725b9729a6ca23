# shellcheck shell=bash
# Puts Node.js 24 on PATH when the Node found is older than 22: `source scripts/use-node.sh`.
# BidGrid's Lambdas run on Node 24, so development and CI do too (README: Which Node). Where only the
# npm registry is reachable (this project's CI machines), Node's own builds come from there: the
# registry publishes them as `node-<os>-<cpu>` packages. The build is kept in ~/.cache/bidgrid, so
# only the first run downloads it (53 MB). A Node 22 or 24 already on PATH is left as it is.
bidgrid_node_version=24.22.3
bidgrid_node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$bidgrid_node_major" -lt 22 ]; then
  case "$(uname -m)" in
    x86_64) bidgrid_node_cpu=x64 ;;
    aarch64 | arm64) bidgrid_node_cpu=arm64 ;;
    *) bidgrid_node_cpu=$(uname -m) ;;
  esac
  bidgrid_node_os=$(uname -s | tr '[:upper:]' '[:lower:]')
  bidgrid_node_dir="${XDG_CACHE_HOME:-$HOME/.cache}/bidgrid/node-$bidgrid_node_version-$bidgrid_node_os-$bidgrid_node_cpu"
  if [ ! -x "$bidgrid_node_dir/bin/node" ]; then
    echo "use-node: Node $(node -v 2>/dev/null || echo '(none)') is older than 22; fetching Node $bidgrid_node_version from the npm registry" >&2
    bidgrid_node_tmp=$(mktemp -d)
    (cd "$bidgrid_node_tmp" && npm pack --silent "node-$bidgrid_node_os-$bidgrid_node_cpu@$bidgrid_node_version" >/dev/null) &&
      mkdir -p "$bidgrid_node_dir" &&
      tar xzf "$bidgrid_node_tmp"/node-*.tgz -C "$bidgrid_node_dir" --strip-components=1
    rm -rf "$bidgrid_node_tmp"
  fi
  if [ -x "$bidgrid_node_dir/bin/node" ]; then
    export PATH="$bidgrid_node_dir/bin:$PATH"
    # Native addons build against this Node's headers (the build ships them), not the system's.
    export npm_config_nodedir="$bidgrid_node_dir"
    echo "use-node: using Node $(node -v) from $bidgrid_node_dir" >&2
  else
    echo "use-node: could not fetch Node $bidgrid_node_version; install Node 24 LTS (see README)" >&2
  fi
fi
unset bidgrid_node_version bidgrid_node_major bidgrid_node_cpu bidgrid_node_os bidgrid_node_dir bidgrid_node_tmp
