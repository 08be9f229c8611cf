# Sourced by test.sh and test-web.sh: `step NAME` starts a step, and each step's wall time is
# printed as a table when the script exits (on failure too), so a slow step shows in CI's log.
STEP_NAME=""
STEP_START=$SECONDS
STEP_TIMES=()
step() {
  [ -n "$STEP_NAME" ] && STEP_TIMES+=("$(printf '%6d s  %s' $((SECONDS - STEP_START)) "$STEP_NAME")")
  STEP_NAME="$*"
  STEP_START=$SECONDS
  [ -n "$STEP_NAME" ] && printf '\n==> %s\n' "$*"
  return 0
}
step_table() {
  step ""
  printf '\n==> step times of %s (wall clock)\n' "$(basename "$0")"
  printf '%s\n' "${STEP_TIMES[@]}"
  printf '%6d s  in all\n' "$SECONDS"
}
trap step_table EXIT
