#!/bin/sh
# The release check, run by .ci/run (it needs a release build, about a minute, so it is not part of
# `swift test`): `make install` into a temporary PREFIX installs the binary, both man pages, the
# documents, the completions and the Vim/Neovim plugin; the binary needs no Swift runtime (ldd lists
# no libswift*; on Linux it is a static executable, and it runs in a chroot holding only it); `make
# uninstall` removes every file again.
set -eu
cd "$(dirname "$0")/.."
prefix=$(mktemp -d)
root=$(mktemp -d)
trap 'umount "$root/proc" 2>/dev/null || true; rm -rf "$prefix" "$root"' EXIT

# make install says nothing it need not: no warning (the static link's dlopen note is left out by make build).
make install PREFIX="$prefix" > "$prefix/install.log" 2>&1 || { cat "$prefix/install.log"; exit 1; }
if grep -i "warning" "$prefix/install.log"; then
    echo "make install printed a warning (above)"
    exit 1
fi
rm "$prefix/install.log"
# The installed binary is stripped: no symbol table and no debug sections (the release build keeps them).
if command -v readelf >/dev/null && readelf -S "$prefix/bin/dayplan" | grep -Eq '\.(symtab|debug_info)'; then
    echo "the installed dayplan is not stripped:"
    readelf -S "$prefix/bin/dayplan" | grep -E '\.(symtab|debug_)'
    exit 1
fi
size=$(wc -c < "$prefix/bin/dayplan")
echo "the installed dayplan is stripped ($size bytes)"
for file in bin/dayplan share/man/man1/dayplan.1 share/man/man5/dayplan.5 share/doc/dayplan/FORMAT.md \
    share/doc/dayplan/README.md share/doc/dayplan/docs/RULES.md share/doc/dayplan/docs/EXPORT.schema.json \
    share/bash-completion/completions/dayplan share/zsh/site-functions/_dayplan \
    share/fish/vendor_completions.d/dayplan.fish share/nvim/site/pack/dayplan/start/dayplan/ftplugin/dayplan.vim \
    share/vim/vimfiles/pack/dayplan/start/dayplan/syntax/dayplan.vim; do
    test -s "$prefix/$file" || { echo "make install did not install $file"; exit 1; }
done
"$prefix/bin/dayplan" lint Examples/week

if ldd "$prefix/bin/dayplan" 2>&1 | grep -i swift; then
    echo "the installed dayplan needs the Swift runtime (above); it should be linked with -static-executable"
    exit 1
fi
# On Linux make links a fully static executable (it starts twice as fast without the dynamic loader).
if [ "$(uname -s)" = Linux ] && ! ldd "$prefix/bin/dayplan" 2>&1 | grep -q "not a dynamic executable"; then
    echo "the installed dayplan is dynamically linked; make should build it with -static-executable:"
    ldd "$prefix/bin/dayplan"
    exit 1
fi
if [ "$(id -u)" = 0 ] && command -v chroot >/dev/null; then
    # A root holding the binary and the C libraries ldd names (none for a static executable), and
    # nothing of Swift.
    mkdir -p "$root/bin" "$root/plans"
    cp "$prefix/bin/dayplan" "$root/bin/"
    libraries=$(ldd "$prefix/bin/dayplan" 2>/dev/null | grep -o '/[^ ]*' || true)
    for library in $libraries; do
        mkdir -p "$root$(dirname "$library")"
        cp -L "$library" "$root$library"
    done
    cp Examples/week/*.md "$root/plans/"
    # The Swift runtime reads the command line from /proc/self/cmdline on Linux: without /proc a
    # command sees no arguments.
    mkdir -p "$root/proc"
    mount -t proc proc "$root/proc"
    chroot "$root" /bin/dayplan lint /plans
    umount "$root/proc"
    echo "the installed dayplan runs in a chroot without Swift"
else
    echo "skipped the chroot run (needs root and chroot); ldd lists no Swift library"
fi

make uninstall PREFIX="$prefix" >/dev/null
left=$(find "$prefix" -type f)
if [ -n "$left" ]; then
    echo "make uninstall left files behind:"
    echo "$left"
    exit 1
fi
echo "make install and make uninstall: fine"
