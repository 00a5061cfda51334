#!/usr/bin/env bash
# Makes a real Syncthing conflict copy of a day file (issue 38), for SyncthingConflictTests.
#
#   syncthing-conflict.sh WORKDIR
#
# Starts two Syncthing instances, a and b, with homes under WORKDIR, each listening on 127.0.0.1 only (GUI/API
# and sync protocol on free ports), with no discovery, relays, NAT, usage reporting or upgrades, each knowing
# the other by a static tcp://127.0.0.1:PORT address. They share WORKDIR/a/plan and WORKDIR/b/plan. The day
# file is written on a and synced to b; then both instances stop, a marks “Write the talk” done, b
# adds “Buy milk”, both start again (scanning the folder as they start), and the script waits until the folder is in sync again with a
# *.sync-conflict-* copy beside the day file on both sides. Both instances are stopped (their process groups
# killed) before the script exits, whatever happens; WORKDIR/a/plan is left for `dayplan resolve`.
#
# Every wait is bounded. Exit 0 when the conflict copy was made; 1 with the reason on standard error when not;
# 77 when syncthing is not installed.
set -euo pipefail

work=${1:?usage: syncthing-conflict.sh WORKDIR}
command -v syncthing >/dev/null 2>&1 || { echo "syncthing is not installed" >&2; exit 77; }
export STNORESTART=1 STNOUPGRADE=1 STNODEFAULTFOLDER=1
unset all_proxy http_proxy https_proxy ALL_PROXY HTTP_PROXY HTTPS_PROXY

started=$(date +%s)
say() { echo "[$(( $(date +%s) - started ))s] $*"; }
fail() {
    echo "syncthing-conflict: $*" >&2
    for side in a b; do
        [ -f "$work/$side/log" ] && { echo "--- last lines of $side's log:" >&2; tail -n 15 "$work/$side/log" >&2; }
    done
    exit 1
}

pids=()
stop() {
    for pid in "${pids[@]}"; do kill -TERM -- "-$pid" 2>/dev/null || true; done
    for _ in $(seq 50); do
        alive=0
        for pid in "${pids[@]}"; do kill -0 -- "-$pid" 2>/dev/null && alive=1; done
        [ "$alive" = 0 ] && break
        sleep 0.1
    done
    for pid in "${pids[@]}"; do kill -KILL -- "-$pid" 2>/dev/null || true; done
    pids=()
}
trap stop EXIT
trap 'exit 1' INT TERM

# Four free ports on loopback (GUI and sync for each side).
read -r gui_a sync_a gui_b sync_b < <(/usr/bin/python3 -c '
import socket
socks = [socket.socket() for _ in range(4)]
for s in socks: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])')

for side in a b; do
    mkdir -p "$work/$side/plan"
    syncthing generate --home="$work/$side/home" --no-default-folder --skip-port-probing >/dev/null 2>&1 \
        || fail "syncthing generate failed for $side"
done
id_a=$(syncthing serve --home="$work/a/home" --device-id)
id_b=$(syncthing serve --home="$work/b/home" --device-id)

# config SIDE MY_ID MY_GUI MY_SYNC OTHER_ID OTHER_SYNC
config() {
    cat >"$work/$1/home/config.xml" <<EOF
<configuration version="36">
    <folder id="plan" label="plan" path="$work/$1/plan" type="sendreceive" rescanIntervalS="3600" fsWatcherEnabled="false" ignorePerms="false" autoNormalize="true">
        <filesystemType>basic</filesystemType>
        <device id="$2" introducedBy=""></device>
        <device id="$5" introducedBy=""></device>
        <minDiskFree unit="%">0</minDiskFree>
        <maxConflicts>10</maxConflicts>
        <markerName>.stfolder</markerName>
        <maxConcurrentWrites>2</maxConcurrentWrites>
    </folder>
    <device id="$2" name="$1" compression="metadata" introducer="false">
        <address>dynamic</address>
    </device>
    <device id="$5" name="other" compression="metadata" introducer="false">
        <address>tcp://127.0.0.1:$6</address>
    </device>
    <gui enabled="true" tls="false">
        <address>127.0.0.1:$3</address>
        <apikey>dayplan-test-$1</apikey>
        <insecureSkipHostcheck>false</insecureSkipHostcheck>
    </gui>
    <options>
        <listenAddress>tcp://127.0.0.1:$4</listenAddress>
        <globalAnnounceEnabled>false</globalAnnounceEnabled>
        <localAnnounceEnabled>false</localAnnounceEnabled>
        <relaysEnabled>false</relaysEnabled>
        <natEnabled>false</natEnabled>
        <reconnectionIntervalS>1</reconnectionIntervalS>
        <startBrowser>false</startBrowser>
        <urAccepted>-1</urAccepted>
        <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
        <crashReportingEnabled>false</crashReportingEnabled>
        <minHomeDiskFree unit="%">0</minHomeDiskFree>
        <setLowPriority>false</setLowPriority>
    </options>
</configuration>
EOF
}
config a "$id_a" "$gui_a" "$sync_a" "$id_b" "$sync_b"
config b "$id_b" "$gui_b" "$sync_b" "$id_a" "$sync_a"

# The day, on a only: b receives it.
printf '# 2026-11-21\n\n## Morning\n- [ ] Write the talk\n- [ ] Call Ana\n\n## Backlog\n- [ ] Fix the bike\n' \
    >"$work/a/plan/2026-11-21.md"

start() {
    setsid syncthing serve --home="$work/$1/home" --no-browser --no-restart --no-upgrade \
        --logfile="$work/$1/log" >"$work/$1/stdout" 2>&1 &
    pids+=("$!")
}

# api SIDE METHOD PATH: one REST call, its body on standard output.
api() {
    local port key
    if [ "$1" = a ]; then port=$gui_a; else port=$gui_b; fi
    key="dayplan-test-$1"
    curl -sf --noproxy '*' -m 10 -X "$2" -H "X-API-Key: $key" "http://127.0.0.1:$port$3"
}
json() { /usr/bin/python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }

# until SECONDS WHAT COMMAND…: runs COMMAND every half second until it succeeds, at most SECONDS.
until_ok() {
    local limit=$1 what=$2; shift 2
    local deadline=$(( $(date +%s) + limit ))
    until "$@" >/dev/null 2>&1; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "gave up after ${limit}s waiting for: $what"
        sleep 0.5
    done
    say "$what"
}

up() { api "$1" GET /rest/system/ping | grep -q pong; }
connected() { [ "$(api "$1" GET /rest/system/connections | json "d['connections']['$2']['connected']")" = True ]; }
disconnected() { [ "$(api "$1" GET /rest/system/connections | json "d['connections']['$2']['connected']")" = False ]; }
complete() { [ "$(api "$1" GET "/rest/db/completion?folder=plan&device=$2" | json "d['completion']")" = 100 ] \
    && [ "$(api "$1" GET /rest/db/status?folder=plan | json "d['state'] + str(d['needTotalItems'])")" = idle0 ]; }
same_day() { cmp -s "$work/a/plan/2026-11-21.md" "$work/b/plan/2026-11-21.md"; }
conflict_on() { compgen -G "$work/$1/plan/2026-11-21.sync-conflict-*.md" >/dev/null; }

# b first, and a once b listens: a's first dial then finds b (a failed first dial waits a while to be retried).
start b
until_ok 30 "b started (127.0.0.1:$gui_b, sync 127.0.0.1:$sync_b)" up b
start a
until_ok 30 "a started (127.0.0.1:$gui_a, sync 127.0.0.1:$sync_a)" up a
until_ok 60 "a and b connected" eval "connected a $id_b && connected b $id_a"
until_ok 60 "the day synced to b" eval "same_day && complete a $id_b && complete b $id_a"

# Both stop, so neither can send its change before the other has made its own. Stopping rather than pausing
# the devices: after a pause, Syncthing 1.19 may wait tens of seconds before it dials again, while a fresh start
# dials at once (as the first connection above did).
stop
say "stopped both instances"

# a marks the talk done; b adds a task. Each finds its change in the scan it makes when it starts.
sed -i 's/- \[ \] Write the talk/- [x] Write the talk/' "$work/a/plan/2026-11-21.md"
sed -i 's/- \[ \] Call Ana/- [ ] Call Ana\n- [ ] Buy milk/' "$work/b/plan/2026-11-21.md"
say "edited the day on both sides while stopped"

start b
until_ok 30 "b started again" up b
start a
until_ok 30 "a started again" up a
# Each scans as it starts; a scan asked for now returns once the folder has been scanned.
until_ok 30 "a scanned its folder" api a POST "/rest/db/scan?folder=plan"
until_ok 30 "b scanned its folder" api b POST "/rest/db/scan?folder=plan"
until_ok 60 "a and b reconnected" eval "connected a $id_b && connected b $id_a"
until_ok 60 "a conflict copy on both sides, in sync" \
    eval "conflict_on a && conflict_on b && same_day && complete a $id_b && complete b $id_a"

stop
say "stopped both instances"
ls -A "$work/a/plan"
