# Source this file: `source scripts/ensure-node.sh`.
# Zhol needs Node 22.12+. When the Node on PATH is older (this machine ships Node 20), install Node 24
# from the npm registry package node-linux-<arch>@24 (binary and headers) into a cache directory,
# put its bin first on PATH and point node-gyp at its headers (npm_config_nodedir), so native addons
# such as better-sqlite3 build against the Node that runs them.
_zhol_node_ok() {
  command -v node >/dev/null 2>&1 || return 1
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null
}
if ! _zhol_node_ok; then
  case "$(uname -m)" in
    x86_64) _zhol_arch=x64 ;;
    aarch64|arm64) _zhol_arch=arm64 ;;
    *) echo "ensure-node: unsupported architecture $(uname -m)" >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  _zhol_cache="${ZHOL_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/zhol-node}"
  _zhol_dir="$_zhol_cache/node-linux-$_zhol_arch-24"
  if [ ! -x "$_zhol_dir/bin/node" ]; then
    echo "ensure-node: installing node-linux-$_zhol_arch@24 into $_zhol_dir" >&2
    mkdir -p "$_zhol_cache"
    _zhol_tmp="$(mktemp -d "$_zhol_cache/tmp.XXXXXX")"
    # npm pack only downloads the tarball; it needs no working Node beyond the one running npm.
    if (cd "$_zhol_tmp" && npm pack --silent "node-linux-$_zhol_arch@24" >/dev/null && tar xzf node-linux-*.tgz); then
      rm -rf "$_zhol_dir" && mv "$_zhol_tmp/package" "$_zhol_dir"
    fi
    rm -rf "$_zhol_tmp"
  fi
  if [ -x "$_zhol_dir/bin/node" ]; then
    export PATH="$_zhol_dir/bin:$PATH"
    export npm_config_nodedir="$_zhol_dir"
    hash -r 2>/dev/null || true
  else
    echo "ensure-node: could not install Node 24; install Node 22.12+ yourself" >&2
  fi
  unset _zhol_arch _zhol_cache _zhol_dir _zhol_tmp
fi
unset -f _zhol_node_ok
