//! A bot that is another program, spoken to in the JSON-lines bot protocol
//! of `docs/bot-protocol.md` on its stdin and stdout.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use serde_json::{Value, json};

use game_core::{Bot, BotView, Game, GameRng};

/// The protocol version sent in `hello`.
pub const BOT_PROTOCOL_VERSION: u32 = 1;

/// How long an external bot may think per move unless its spec says otherwise.
pub const DEFAULT_MOVE_MS: u64 = 10_000;

/// A bot in another process. It is started on its first move (when the
/// game and seat are known) and killed when the bot is dropped. A crash,
/// a late answer or garbage is a failure ([`Bot::try_select_until`]): the
/// arena counts the game as its forfeit and the program is not asked again.
pub struct ExecBot {
    command: String,
    move_time: Duration,
    running: Option<Running>,
    failed: Option<String>,
}

struct Running {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl ExecBot {
    /// A bot that runs `command` (split at spaces, no shell) with
    /// `move_time` per move.
    #[must_use]
    pub fn new(command: &str, move_time: Duration) -> Self {
        ExecBot {
            command: command.to_owned(),
            move_time,
            running: None,
            failed: None,
        }
    }

    fn start<G: Game>(&mut self, view: &BotView<'_, G>, seed: u64) -> Result<(), String> {
        let mut words = self.command.split_whitespace();
        let program = words.next().ok_or("empty command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {:?}: {e}", self.command))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        let mut running = Running {
            child,
            stdin,
            lines,
        };
        let hello = json!({
            "type": "hello",
            "protocol": BOT_PROTOCOL_VERSION,
            "game": G::NAME,
            "config": serde_json::to_value(view.game().config()).unwrap_or(Value::Null),
            "seats": view.game().seats(),
            "seat": view.seat().0,
            "seed": seed.to_string(),
            "move_ms": self.move_time.as_millis() as u64,
        });
        send_line(&mut running.stdin, &hello)?;
        self.running = Some(running);
        Ok(())
    }

    fn ask<G: Game>(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
    ) -> Result<G::Action, String> {
        if let Some(why) = &self.failed {
            return Err(why.clone());
        }
        if self.running.is_none() {
            self.start(view, rng.next_u64())?;
        }
        let running = self.running.as_mut().ok_or("not running")?;
        let legal: Vec<Value> = view
            .legal()
            .iter()
            .map(|a| serde_json::to_value(a).unwrap_or(Value::Null))
            .collect();
        let request = json!({
            "type": "move",
            "seat": view.seat().0,
            "observation": serde_json::to_value(view.observation()).unwrap_or(Value::Null),
            "legal": legal,
        });
        send_line(&mut running.stdin, &request)?;
        let line = match running.lines.recv_timeout(self.move_time) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                return Err(format!(
                    "no answer within {} ms",
                    self.move_time.as_millis()
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                let status = running.child.try_wait().ok().flatten();
                return Err(format!("the program exited ({status:?})"));
            }
        };
        let answer: Value = serde_json::from_str(&line).map_err(|e| {
            format!(
                "answer {:?} is not JSON: {e}",
                super::limits::cap_quote(&line)
            )
        })?;
        if let Some(i) = answer.get("index").and_then(Value::as_u64) {
            return usize::try_from(i)
                .ok()
                .and_then(|i| view.legal().get(i))
                .cloned()
                .ok_or_else(|| format!("index {i} is past the {} legal actions", legal.len()));
        }
        let action = answer.get("action").ok_or_else(|| {
            format!(
                "answer {:?} has no \"action\" or \"index\"",
                super::limits::cap_quote(&line)
            )
        })?;
        serde_json::from_value(action.clone()).map_err(|e| {
            format!(
                "answer {:?} is no action: {e}",
                super::limits::cap_quote(&line)
            )
        })
    }
}

fn send_line(stdin: &mut ChildStdin, message: &Value) -> Result<(), String> {
    writeln!(stdin, "{message}")
        .and_then(|()| stdin.flush())
        .map_err(|e| format!("cannot write to the program: {e}"))
}

impl<G: Game> Bot<G> for ExecBot {
    fn name(&self) -> String {
        format!("exec({})", self.command)
    }

    /// Outside an arena a failure cannot forfeit, so it unwinds (without
    /// the panic hook's message) to whoever catches it.
    fn select(&mut self, view: &BotView<'_, G>, rng: &mut GameRng) -> G::Action {
        match self.try_select_until(view, rng, &|| false) {
            Ok(action) => action,
            Err(why) => std::panic::resume_unwind(Box::new(why)),
        }
    }

    fn try_select_until(
        &mut self,
        view: &BotView<'_, G>,
        rng: &mut GameRng,
        _stop: &dyn Fn() -> bool,
    ) -> Result<G::Action, String> {
        let result = self.ask(view, rng);
        if let Err(why) = &result {
            self.failed = Some(why.clone());
            self.stop();
        }
        result
    }
}

impl ExecBot {
    fn stop(&mut self) {
        if let Some(mut running) = self.running.take() {
            let _ = send_line(&mut running.stdin, &json!({"type": "end"}));
            drop(running.stdin);
            // A bot that does not leave on `end` is killed.
            if !matches!(running.child.try_wait(), Ok(Some(_))) {
                std::thread::sleep(Duration::from_millis(20));
                if !matches!(running.child.try_wait(), Ok(Some(_))) {
                    let _ = running.child.kill();
                }
            }
            let _ = running.child.wait();
        }
    }
}

impl Drop for ExecBot {
    fn drop(&mut self) {
        self.stop();
    }
}
