# Sourced by the scripts that open pages in headless Chromium: installs Debian's `chromium`
# package when the command is missing (with sudo unless already root).
if ! command -v chromium >/dev/null 2>&1; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq chromium >/dev/null
fi
