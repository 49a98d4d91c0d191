#!/usr/bin/env bash
# Builds SST (sst-core and the Merlin network model of sst-elements) from their public sources,
# for checking `topolab export sst` against a real SST (issue 26). About 20 minutes on 2 cores.
# Follows ../shared/notes/sst-merlin-anytopo.md: system MPI and Python, Merlin alone.
#
#   scripts/sst-build.sh [PREFIX] [SOURCES]
#     PREFIX   where SST is installed (default /opt/sst); PREFIX/bin/sst is the simulator
#     SOURCES  where the sources are cloned (default /tmp/sst-src): sstsimulator/sst-core and
#              sstsimulator/sst-elements, from $SST_CORE_GIT and $SST_ELEMENTS_GIT when set
#              (a local mirror), else from GitHub
#
# Needs: autoconf automake libtool libtool-bin libltdl-dev libopenmpi-dev openmpi-bin
# python3-dev python3-networkx make g++ (Debian packages). Not part of `npm test`.
set -euo pipefail

prefix=${1:-/opt/sst}
sources=${2:-/tmp/sst-src}
core_git=${SST_CORE_GIT:-https://github.com/sstsimulator/sst-core.git}
elements_git=${SST_ELEMENTS_GIT:-https://github.com/sstsimulator/sst-elements.git}
jobs=$(nproc)

# a clone without the files whose contents its source lacks (a mirror may keep only the index of
# large test files: sst-core's tests/refFiles/test_Module.out, vanadis' test binaries)
clone() {
  local from=$1 to=$2
  [ -d "$to" ] && return
  git clone -q --no-checkout "$from" "$to"
  (
    cd "$to"
    git ls-tree -r HEAD | while read -r _ _ sha path; do
      git cat-file -e "$sha" 2>/dev/null || echo "!/$path"
    done > .git/missing-files
    { echo '/*'; cat .git/missing-files; } | git sparse-checkout set --no-cone --stdin
    git checkout -q -f HEAD
    [ -s .git/missing-files ] && echo "$to: left out $(wc -l < .git/missing-files) file(s) the source lacks" >&2
    true
  )
}

mkdir -p "$sources"
clone "$core_git" "$sources/sst-core"
clone "$elements_git" "$sources/sst-elements"

# sst-core: pin the system Python (another python3 may come first on PATH)
cd "$sources/sst-core"
[ -x configure ] || ./autogen.sh
./configure --prefix="$prefix" --with-python=/usr/bin/python3-config
make -j"$jobs"
make install

# sst-elements, Merlin only: select_build.py marks the other elements ignored; its own call of
# `sh autogen.sh` fails under dash, so autogen runs here under bash
cd "$sources/sst-elements"
if [ ! -x configure ]; then
  echo | python3 select_build.py merlin || true
  bash ./autogen.sh
fi
./configure --prefix="$prefix" --with-sst-core="$prefix"
make -j"$jobs"
make install

"$prefix/bin/sst" --version
echo "SST installed in $prefix"
