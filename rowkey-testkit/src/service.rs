//! A server the tests start themselves on a free loopback port and stop: the Bigtable
//! emulator, etcd. Found through an environment variable, `PATH` or a known place; with
//! `CI=true` a missing server fails the test, naming the package to install, elsewhere the test
//! prints a notice and passes.
//!
//! The server runs under `sh`, which kills it when its standard input closes: when the
//! [`Service`] is dropped (also while a test panics), and when the test binary exits for any
//! reason, so a shared server (never dropped: it lives in a static) does not outlive its tests
//! either.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::{Duration, Instant};

/// One running server.
pub struct Service {
    /// Where it listens.
    pub addr: SocketAddr,
    child: Child,
    stdin: Option<ChildStdin>,
}

/// `bin`, or the notice: `None` when missing (after the notice), a panic under `CI=true`.
/// `what` names the server and `install` says how to get it.
pub fn found_or_notice(bin: Option<PathBuf>, what: &str, install: &str) -> Option<PathBuf> {
    if bin.is_some() {
        return bin;
    }
    let msg = format!("{what} was not found; {install} to run these tests");
    if std::env::var("CI").is_ok_and(|v| v == "true") {
        panic!("{msg}");
    }
    eprintln!("notice: skipped: {msg}");
    None
}

/// `name` in a directory of `PATH`, or `None`.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|bin| bin.is_file())
}

/// A free loopback port (free when asked: another process may take it before the server does,
/// which [`Service::start`] survives by trying again).
pub fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

impl Service {
    /// Starts `bin` with the arguments `args` gives for a free port (and a fresh `attempt`
    /// number, from 0), trying five ports before it panics.
    pub fn start(bin: &Path, args: impl Fn(u16, usize) -> Vec<String>) -> Service {
        let mut last = String::new();
        for attempt in 0..5 {
            match Service::spawn(bin, &args, attempt) {
                Ok(s) => return s,
                Err(e) => last = e,
            }
        }
        panic!("{} did not start: {last}", bin.display());
    }

    fn spawn(
        bin: &Path,
        args: &impl Fn(u16, usize) -> Vec<String>,
        attempt: usize,
    ) -> Result<Service, String> {
        let port = free_port().map_err(|e| e.to_string())?;
        // `sh` starts the server, then waits for its own standard input to close (the server's
        // is /dev/null, so only `cat` holds the pipe) and kills it. Its own stderr is closed
        // first: a shell that waits for a child killed by a signal says `Terminated`.
        let mut child = Command::new("sh")
            .args([
                "-c",
                r#"exec 2>/dev/null; "$0" "$@" >/dev/null </dev/null & pid=$!; cat >/dev/null; kill "$pid"; wait "$pid""#,
            ])
            .arg(bin)
            .args(args(port, attempt))
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let stdin = child.stdin.take();
        let addr = SocketAddr::from(([127, 0, 0, 1], port));
        // Two minutes detect a hang, not a busy machine.
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(120) {
            if TcpStream::connect_timeout(&addr, Duration::from_millis(100)).is_ok() {
                return Ok(Service { addr, child, stdin });
            }
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("it exited ({status}) on port {port}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        drop(stdin);
        let _ = child.wait();
        Err(format!("nothing listened on port {port} after 2 minutes"))
    }

    /// Stops the server now (its clients' streams end with an error), and waits for it.
    pub fn kill(&mut self) {
        if self.stdin.take().is_some() {
            let _ = self.child.wait();
        }
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.kill();
    }
}
