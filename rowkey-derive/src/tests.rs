//! Expansion snapshots: the pretty-printed code generated for representative structs, so a
//! change to the generated code shows up as a reviewable diff. `INSTA_UPDATE=always` rewrites.

use quote::quote;

fn expand(tokens: proc_macro2::TokenStream) -> String {
    let input: syn::DeriveInput = syn::parse2(tokens).expect("valid input");
    let output = crate::expand::derive(&input);
    let file: syn::File = syn::parse2(output).expect("generated code parses");
    prettyplease::unparse(&file)
}

#[test]
fn message_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(max_len = 16)]
        struct MessageKey {
            date: u32,
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn attributes_and_generics() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(crate = "::rowkey_runtime")]
        struct Event<T> {
            #[fixed(8)]
            host: String,
            #[reverse]
            #[decimal(11)]
            phone: u64,
            #[reverse_ts]
            ts: i64,
            #[desc]
            r#type: Option<String>,
            payload: T,
        }
    }));
}

#[test]
fn capped_key() {
    insta::assert_snapshot!(expand(quote! {
        // 2 * 16 + 2 + 8 + 1 + 2 * 4 + 2: a DESC last field is terminated.
        #[rowkey(max_len = 53)]
        struct Login {
            #[max(16)]
            user: String,
            at: u64,
            #[max(4)]
            #[desc]
            device: Option<Vec<u8>>,
        }
    }));
}

#[test]
fn key_without_a_scan_builder() {
    // `scan = false`: the RowKey impl and `full_scan`, with `scan()` refused; no builder.
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(scan = false)]
        struct MessageKey {
            date: u32,
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn errors_become_compile_errors_and_a_stub() {
    insta::assert_snapshot!(expand(quote! {
        struct Bad {
            #[fixed(0)]
            name: String,
        }
    }));
}

#[test]
fn salted_key() {
    insta::assert_snapshot!(expand(quote! {
        #[salt(md5, buckets = 16, of = "message_id")]
        pub struct MessageKey {
            date: u32,
            #[desc]
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn text_layout() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(delimiter = ":")]
        #[salt(md5, of = "message_id")]
        struct MessageText {
            #[decimal(6)]
            date: u32,
            #[desc]
            #[decimal(6)]
            time: u32,
            message_id: u64,
        }
    }));
}

#[test]
fn phoenix_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(encoding = "phoenix")]
        #[salt(phoenix, buckets = 4)]
        struct Order {
            customer: String,
            #[desc]
            created: i64,
            #[fixed(3)]
            region: String,
            #[desc]
            note: Option<String>,
        }
    }));
}

#[test]
fn bigtable_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(encoding = "bigtable")]
        struct Row {
            tenant: String,
            #[desc]
            user: String,
            ts: i64,
            payload: Vec<u8>,
        }
    }));
}

#[test]
fn hbase_ordered_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(encoding = "hbase_ordered")]
        struct Measure {
            metric: String,
            #[desc]
            ts: i64,
            #[java(nul_terminated)]
            host: String,
            #[desc]
            region: Option<String>,
            #[blob]
            tail: Vec<u8>,
        }
    }));
}

#[test]
fn fdb_tuple_key() {
    insta::assert_snapshot!(expand(quote! {
        #[rowkey(encoding = "fdb_tuple")]
        struct Message {
            app: String,
            id: Option<i64>,
            at: f64,
            parent: Thread,
        }
    }));
}

/// `LAYOUT_FINGERPRINT` over many pairs of layouts: every edit that can change a key's bytes
/// changes the layout's description (whose FNV-1a is the fingerprint); renames and other
/// byte-neutral edits leave it alone.
mod fingerprint {
    use proc_macro2::TokenStream;

    use crate::ctxt::Ctxt;

    /// Field (type, attributes) a binary key can have.
    const FIELDS: &[(&str, &str)] = &[
        ("u32", ""),
        ("u64", "#[desc]"),
        ("i64", ""),
        ("i64", "#[java]"),
        ("i64", "#[reverse_ts]"),
        ("u32", "#[decimal(10)]"),
        ("u32", "#[hex(8)]"),
        ("u64", "#[reverse] #[decimal(11)]"),
        ("String", ""),
        ("String", "#[fixed(4)]"),
        ("String", "#[fixed(4, pad = ' ')]"),
        ("Vec<u8>", "#[desc]"),
        ("Option<u32>", ""),
        ("Option<String>", "#[desc]"),
        ("[u8; 4]", ""),
        ("f64", ""),
        ("bool", ""),
        ("u8", "#[fixed(1)]"),
    ];

    struct Rng(u64);
    impl Rng {
        fn next(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    #[derive(Clone)]
    struct Spec {
        name: String,
        fields: Vec<(String, usize)>,
        salt: Option<String>,
        container: Vec<String>,
    }

    impl Spec {
        fn source(&self) -> String {
            let mut s = String::new();
            for c in &self.container {
                s.push_str(c);
                s.push('\n');
            }
            if let Some(salt) = &self.salt {
                let named = salt.replace("{0}", &self.fields[0].0);
                s.push_str(&named);
                s.push('\n');
            }
            s.push_str(&format!("struct {} {{\n", self.name));
            for (name, kind) in &self.fields {
                let (ty, attrs) = FIELDS[*kind];
                s.push_str(&format!("    {attrs} {name}: {ty},\n"));
            }
            s.push('}');
            s
        }

        fn description(&self) -> String {
            let tokens: TokenStream = self.source().parse().expect("tokens");
            let input: syn::DeriveInput = syn::parse2(tokens).expect("a struct");
            let cx = Ctxt::new();
            let key = crate::expand::key(&cx, &input).expect("a key");
            if let Err(e) = cx.check() {
                panic!("{}\n{e}", self.source());
            }
            key.description()
        }
    }

    const SALTS: &[&str] = &[
        "#[salt(md5, of = \"{0}\")]",
        "#[salt(md5, len = 4, of = \"{0}\")]",
        "#[salt(md5, buckets = 16, of = \"{0}\")]",
        "#[salt(md5, buckets = 8, of = \"{0}\")]",
        "#[salt(phoenix, buckets = 16)]",
        "#[salt(random, buckets = 16)]",
    ];

    fn random_spec(rng: &mut Rng, i: usize) -> Spec {
        let n = 1 + rng.next(5);
        Spec {
            name: format!("K{i}"),
            fields: (0..n)
                .map(|j| (format!("f{j}"), rng.next(FIELDS.len())))
                .collect(),
            salt: (rng.next(2) == 0).then(|| SALTS[rng.next(SALTS.len())].to_string()),
            container: Vec::new(),
        }
    }

    #[test]
    fn renames_keep_it_and_byte_changing_edits_change_it() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        let (mut same, mut changed) = (0, 0);
        for i in 0..400 {
            let base = random_spec(&mut rng, i);
            let d = base.description();
            let fp = rowkey_fnv(&d);

            // Byte-neutral edits: rename the struct and every field (the salt's `of` follows),
            // a crate path, a max_len that holds.
            let mut renamed = base.clone();
            renamed.name = format!("Renamed{i}");
            for (j, f) in renamed.fields.iter_mut().enumerate() {
                f.0 = format!("renamed_{j}_{}", rng.next(1000));
            }
            renamed
                .container
                .push("#[rowkey(crate = \"::rowkey\")]".into());
            assert_eq!(
                rowkey_fnv(&renamed.description()),
                fp,
                "{}\nvs\n{}",
                base.source(),
                renamed.source()
            );
            same += 1;

            // Byte-changing edits.
            let mut edits: Vec<Spec> = Vec::new();
            // A field of another kind.
            let mut e = base.clone();
            let at = rng.next(e.fields.len());
            e.fields[at].1 = (e.fields[at].1 + 1 + rng.next(FIELDS.len() - 1)) % FIELDS.len();
            edits.push(e);
            // Two fields of different kinds swapped.
            if let Some((a, b)) = (0..base.fields.len())
                .flat_map(|a| (a + 1..base.fields.len()).map(move |b| (a, b)))
                .find(|&(a, b)| FIELDS[base.fields[a].1] != FIELDS[base.fields[b].1])
            {
                let mut e = base.clone();
                let (ka, kb) = (e.fields[a].1, e.fields[b].1);
                e.fields[a].1 = kb;
                e.fields[b].1 = ka;
                edits.push(e);
            }
            // A field added, a field removed.
            let mut e = base.clone();
            e.fields
                .push((format!("f{}", e.fields.len()), rng.next(FIELDS.len())));
            edits.push(e);
            if base.fields.len() > 1 {
                let mut e = base.clone();
                e.fields.pop();
                edits.push(e);
            }
            // Another salt, or none.
            let mut e = base.clone();
            e.salt = match &base.salt {
                Some(s) => {
                    let others: Vec<&&str> = SALTS.iter().filter(|o| **o != s).collect();
                    (rng.next(3) > 0).then(|| others[rng.next(others.len())].to_string())
                }
                None => Some(SALTS[rng.next(SALTS.len())].to_string()),
            };
            edits.push(e);
            for e in edits {
                let other = e.description();
                assert_ne!(
                    rowkey_fnv(&other),
                    fp,
                    "{}\nvs\n{}",
                    base.source(),
                    e.source()
                );
                changed += 1;
            }
        }
        assert!(
            same >= 400 && changed >= 1600,
            "{same} same, {changed} changed"
        );
    }

    #[test]
    fn spelling_does_not_matter() {
        let a = Spec {
            name: "A".into(),
            fields: vec![("x".into(), 10), ("y".into(), 12)],
            salt: None,
            container: vec![],
        };
        let source_b = "struct B { #[fixed(4, pad = ' ')] p: ::std::string::String, q: core::option::Option<u32> }";
        let input: syn::DeriveInput = syn::parse_str(source_b).unwrap();
        let cx = Ctxt::new();
        let b = crate::expand::key(&cx, &input).unwrap();
        cx.check().unwrap();
        assert_eq!(a.description(), b.description());
        assert_eq!(
            a.description(),
            "rowkey-layout-1|binary|String #[fixed(4, pad = ' ')]|Option<u32>"
        );
    }

    /// 64-bit FNV-1a, written here apart from the runtime's.
    fn rowkey_fnv(s: &str) -> u64 {
        s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
    }
}
