# Sourced by the project's scripts (bash): installs the Debian packages a tool comes from when
# the tool is missing, so that a fresh machine (CI included) gets what a script needs.
#
#   source "$(dirname "$0")/debian-packages.sh"
#   need_tools SCRIPT-NAME TOOL:PACKAGE [TOOL:PACKAGE ...]
#   need_packages SCRIPT-NAME PACKAGE...        (packages that bring no command)
#
# Each TOOL found on PATH is left alone. The packages of the missing ones are installed with one
# `apt-get install -y --no-install-recommends` (as root, or through sudo without a password;
# `apt-get update` first when the package lists do not know a package). When that cannot be done
# (no apt-get, not root and no sudo, no network), it says which tools and packages are missing
# and how to install them, and exits 1: a script never goes on without its tools.
need_tools() {
  local name="$1"
  shift
  local missing_tools=() missing_packages=() pair tool package
  for pair in "$@"; do
    tool="${pair%%:*}"
    package="${pair#*:}"
    if ! command -v "$tool" >/dev/null 2>&1; then
      missing_tools+=("$tool")
      [[ " ${missing_packages[*]-} " == *" $package "* ]] || missing_packages+=("$package")
    fi
  done
  [[ ${#missing_tools[@]} -eq 0 ]] && return 0
  local why
  why="$(apt_install "$name" "${missing_packages[@]}")"
  local still=()
  for tool in "${missing_tools[@]}"; do command -v "$tool" >/dev/null 2>&1 || still+=("$tool"); done
  if [[ ${#still[@]} -gt 0 ]]; then
    echo "$name: ${still[*]} not found and not installed (${why:-the packages did not provide them}); install the Debian packages ${missing_packages[*]} (apt-get install ${missing_packages[*]})" >&2
    exit 1
  fi
}

# need_packages SCRIPT-NAME PACKAGE...: the same for packages that bring no command (sources, libraries).
need_packages() {
  local name="$1" package missing=()
  shift
  for package in "$@"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  [[ ${#missing[@]} -eq 0 ]] && return 0
  local why
  why="$(apt_install "$name" "${missing[@]}")"
  local still=()
  for package in "${missing[@]}"; do dpkg -s "$package" >/dev/null 2>&1 || still+=("$package"); done
  if [[ ${#still[@]} -gt 0 ]]; then
    echo "$name: the Debian packages ${still[*]} are not installed (${why:-apt-get did not install them}); install them (apt-get install ${still[*]})" >&2
    exit 1
  fi
}

# apt_install SCRIPT-NAME PACKAGE...: installs them; prints why it could not (nothing on success).
apt_install() {
  local name="$1"
  shift
  local missing_packages=("$@")
  local sudo=()
  if [[ "$(id -u)" != 0 ]]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo=(sudo -n); else sudo=(false); fi
  fi
  local why=""
  if ! command -v apt-get >/dev/null 2>&1; then
    why="apt-get is not available"
  elif [[ "${sudo[*]-}" == false ]]; then
    why="installing needs root (or sudo without a password)"
  else
    echo "$name: installing ${missing_packages[*]}" >&2
    # the package lists of a fresh machine may be empty or stale: update once, then install
    if ! apt-cache show "${missing_packages[@]}" >/dev/null 2>&1; then
      "${sudo[@]}" apt-get update -qq >&2 || true
    fi
    if ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing_packages[@]}" >&2; then
      why="apt-get install ${missing_packages[*]} failed"
    fi
  fi
  echo "$why"
}
