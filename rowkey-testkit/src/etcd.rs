//! etcd started by the tests: Debian's `etcd-server` (3.4) on a free loopback port, with a
//! temporary data directory (in `/dev/shm` where there is one: etcd syncs every commit, and
//! the tests measure rowkey, not the disk), stopped and removed afterwards.

use std::path::PathBuf;
use std::sync::OnceLock;

use crate::service::{found_or_notice, free_port, on_path, Service};

/// The package that has it.
pub const PACKAGE: &str = "etcd-server";

/// One running etcd.
pub struct Etcd {
    service: Service,
    dir: PathBuf,
}

/// etcd's binary (`ETCD_BIN`, or `etcd` on `PATH`), or `None`.
pub fn find() -> Option<PathBuf> {
    std::env::var_os("ETCD_BIN")
        .map(PathBuf::from)
        .or_else(|| on_path("etcd"))
}

impl Etcd {
    /// A new etcd of this test's own, or `None` (after the notice) when there is none; under
    /// `CI=true` a missing etcd fails the test.
    pub fn start() -> Option<Etcd> {
        let bin = found_or_notice(
            find(),
            "etcd (through ETCD_BIN or PATH)",
            &format!("install Debian's `{PACKAGE}` package (apt-get install {PACKAGE})"),
        )?;
        let base = if std::path::Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        remove_stale(&base);
        static STARTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = base.join(format!("rowkey-etcd-{}-{n}", std::process::id()));
        let data = dir.clone();
        let service = Service::start(&bin, move |port, attempt| {
            let peer = free_port().expect("a free loopback port");
            let client = format!("http://127.0.0.1:{port}");
            vec![
                "--name=rowkey-test".into(),
                format!("--data-dir={}", data.join(attempt.to_string()).display()),
                format!("--listen-client-urls={client}"),
                format!("--advertise-client-urls={client}"),
                format!("--listen-peer-urls=http://127.0.0.1:{peer}"),
                format!("--initial-advertise-peer-urls=http://127.0.0.1:{peer}"),
                format!("--initial-cluster=rowkey-test=http://127.0.0.1:{peer}"),
                // A million rows of the examples, with room (etcd's default is 2 GiB).
                "--quota-backend-bytes=8589934592".into(),
                "--log-level=error".into(),
            ]
        });
        Some(Etcd { service, dir })
    }

    /// The etcd that every test of this binary shares, started on first use.
    pub fn shared() -> Option<&'static Etcd> {
        static SHARED: OnceLock<Option<Etcd>> = OnceLock::new();
        SHARED.get_or_init(Etcd::start).as_ref()
    }

    /// Its client URL, `http://127.0.0.1:<port>`.
    pub fn endpoint(&self) -> String {
        format!("http://{}", self.service.addr)
    }
}

/// Removes the data directories of test processes that are gone: a shared etcd lives in a
/// static, which is never dropped, so its directory (in memory, under `/dev/shm`) outlives it.
fn remove_stale(base: &std::path::Path) {
    let Ok(entries) = std::fs::read_dir(base) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("rowkey-etcd-")) else {
            continue;
        };
        let pid = rest.split('-').next().unwrap_or_default();
        if !std::path::Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

impl Drop for Etcd {
    fn drop(&mut self) {
        self.service.kill();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
