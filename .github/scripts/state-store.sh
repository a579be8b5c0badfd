#!/usr/bin/env bash
# The state store of the scheduled refresh (docs/operation.md, "Where the data lives"): the branch
# $STATE_BRANCH holds one day of history. Every save adds a commit on top of the day's (git then
# sends only what changed); the first save of a UTC day ($STATE_DAY) starts a new root commit with
# the whole state, and the previous day's commits are left to the host's garbage collection. A
# push holds only while nobody else pushed since this run restored the branch (--force-with-lease
# on that commit), so a newer state is never overwritten; the loser merges the winner's state in
# (npm run state -- merge) and saves again.
#
#   state-store.sh restore   fetch the branch into $STATE_DIR (left empty when there is none, or
#                            when REBUILD_STATE=true); GITHUB_OUTPUT: base=<commit or empty>
#   state-store.sh save      commit $STATE_DIR (on $STATE_BASE, or as a new root on a new day)
#                            and push it over $STATE_BASE;
#                            GITHUB_OUTPUT: saved=true and commit=<commit>, or saved=unchanged, or
#                            raced=true and theirs=<commit>
#                            with the winning state in $STATE_DIR.theirs. With KEEP_ASIDE=true a
#                            lost race instead pushes this state to $STATE_BRANCH-aside/<run> and
#                            fails: kept, never forced over the other.
#
# Plain git and tar only: this script holds the job's token (GITHUB_TOKEN, optional), which it
# gives to fetch, ls-remote and push alone, as an HTTP header through the environment.
set -euo pipefail
branch=${STATE_BRANCH:-modelpulse-state}
dir=${STATE_DIR:-.state}
output=${GITHUB_OUTPUT:-/dev/null}

remote_git() {
  if [ -n "${GITHUB_TOKEN:-}" ]; then
    GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.https://github.com/.extraheader \
      GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$GITHUB_TOKEN" | base64 -w0)" git "$@"
  else
    git "$@"
  fi
}

# The commit the branch points at on the remote: prints it (nothing when the branch does not
# exist); fails when the remote cannot be asked.
remote_head() {
  local code=0 line
  line=$(remote_git ls-remote --exit-code origin "refs/heads/$branch") || code=$?
  case "$code" in
    0) printf '%s' "${line%%[[:space:]]*}" ;;
    2) ;;
    *) return 1 ;;
  esac
}

# Extracts a fetched commit's tree into a fresh directory; symbolic links are dropped (the state
# holds plain JSON files, and a link could make a later write land outside the directory).
extract() {
  rm -rf "$2"
  mkdir -p "$2"
  git archive --format=tar "$1" | tar -x -C "$2"
  if [ -n "$(find "$2" -type l -print -quit)" ]; then
    echo "::warning title=State store::dropped symbolic links from the state branch"
    find "$2" -type l -delete
  fi
}

fetch_into() {
  remote_git fetch --quiet --no-tags --depth=1 origin "+refs/heads/$branch:$1"
}

case "${1:-}" in
  restore)
    rm -rf "$dir"
    mkdir -p "$dir"
    if ! base=$(remote_head); then
      echo "::error title=State store not reached::could not ask the remote for the branch $branch; nothing is updated or published"
      exit 1
    fi
    if [ -z "$base" ]; then
      echo "No state branch $branch yet (a first run, or a fork): update rebuilds the state from data/."
    elif [ "${REBUILD_STATE:-false}" = true ]; then
      echo "Rebuild requested: the state on $branch (${base:0:12}) is not restored; update rebuilds it from data/."
    else
      fetch_into refs/modelpulse/state-base
      extract refs/modelpulse/state-base "$dir"
      echo "Restored the state from $branch (${base:0:12})."
    fi
    echo "base=$base" >> "$output"
    ;;
  save)
    base=${STATE_BASE:-}
    # A tree of the directory as it is, through an index of its own (main's index is not touched),
    # kept in .git between saves so that unchanged files are not hashed again.
    gitdir=$(git rev-parse --absolute-git-dir)
    index="$gitdir/modelpulse-state.index"
    tree=$(cd "$dir" && GIT_DIR=$gitdir GIT_WORK_TREE=. GIT_INDEX_FILE=$index git add --all . && GIT_DIR=$gitdir GIT_INDEX_FILE=$index git write-tree)
    if [ -n "$base" ] && git cat-file -e "$base^{tree}" 2>/dev/null && [ "$(git rev-parse "$base^{tree}")" = "$tree" ]; then
      echo "The state did not change: nothing to save."
      echo "saved=unchanged" >> "$output"
      exit 0
    fi
    # The day a commit belongs to is in its message: the run's own day, not the machine's clock.
    day=${STATE_DAY:-$(date -u +%F)}
    parent=()
    if [ -n "$base" ] && git cat-file -e "$base^{commit}" 2>/dev/null && git log -1 --format=%B "$base" | grep -qx "day: $day"; then
      parent=(-p "$base")
    fi
    commit=$(git -c user.name='github-actions[bot]' -c user.email='41898282+github-actions[bot]@users.noreply.github.com' \
      commit-tree "$tree" "${parent[@]}" -m "state: ${STATE_MESSAGE:-refresh}" -m "day: $day")
    if remote_git push --quiet --force-with-lease="refs/heads/$branch:$base" origin "$commit:refs/heads/$branch"; then
      echo "Saved the state to $branch (${commit:0:12})."
      { echo "saved=true"; echo "commit=$commit"; } >> "$output"
      exit 0
    fi
    if ! now=$(remote_head) || [ "$now" = "$base" ]; then
      echo "::error title=State not saved::the push to $branch failed (permissions, or the remote); this run's observations are not saved, and the next run starts from the last saved state"
      exit 1
    fi
    if [ "${KEEP_ASIDE:-false}" = true ]; then
      aside="$branch-aside/${GITHUB_RUN_ID:-local}"
      if remote_git push --quiet origin "$commit:refs/heads/$aside"; then
        echo "::error title=State kept aside::another run saved the state again meanwhile; this run's state is on the branch $aside (to merge it, see docs/operation.md, \"Nothing lost\")"
      else
        echo "::error title=State not saved::another run saved the state again meanwhile, and this run's state could not be kept aside"
      fi
      exit 1
    fi
    echo "::warning title=State push raced::another run saved the state since this run restored it (${now:0:12}); merging it in"
    fetch_into refs/modelpulse/state-theirs
    extract refs/modelpulse/state-theirs "$dir.theirs"
    { echo "raced=true"; echo "theirs=$now"; } >> "$output"
    ;;
  *)
    echo "usage: state-store.sh restore|save" >&2
    exit 2
    ;;
esac
