//! Rust source for a generated layout: the struct with its attributes, and its `Fuzz` impl
//! (values, rules, order, partial-key queries), all from the kinds table.

use std::fmt::Write as _;

use crate::kinds::Encoding;
use crate::layout::{Layout, Salt};

/// Replaces a kind's placeholders for its place in the layout.
fn place(expr: &str, layout: &Layout, field: usize) -> String {
    let d = layout
        .delimiter
        .map_or("0u8".to_string(), |d| format!("{d}u8"));
    let last = field + 1 == layout.fields.len();
    expr.replace("{D}", &d).replace("{LAST}", &last.to_string())
}

/// The key's width when every field documents one width (and no salt is written).
fn same_width(layout: &Layout) -> Option<usize> {
    if layout.salt.is_some() {
        return None;
    }
    layout.fields.iter().map(|f| f.kind.same).sum()
}

/// The key's documented longest length, and the fields' values that reach it, when every field
/// documents its most (and no salt is written).
fn most(layout: &Layout) -> Option<(usize, Vec<String>)> {
    if layout.salt.is_some() {
        return None;
    }
    let parts: Option<Vec<&(usize, String)>> =
        layout.fields.iter().map(|f| f.kind.most.as_ref()).collect();
    let parts = parts?;
    Some((
        parts.iter().map(|(n, _)| n).sum(),
        parts.iter().map(|(_, v)| v.clone()).collect(),
    ))
}

/// The struct's source.
pub fn source(layout: &Layout) -> String {
    let mut s = String::new();
    match (layout.encoding, layout.optimizable) {
        (Encoding::Phoenix, true) => s.push_str("#[rowkey(encoding = \"phoenix\")]\n"),
        (Encoding::Phoenix, false) => {
            s.push_str("#[rowkey(encoding = \"phoenix\", row_key_order_optimizable = false)]\n")
        }
        (Encoding::Bigtable, _) => s.push_str("#[rowkey(encoding = \"bigtable\")]\n"),
        (Encoding::HbaseOrdered, _) => s.push_str("#[rowkey(encoding = \"hbase_ordered\")]\n"),
        (Encoding::FdbTuple, _) => s.push_str("#[rowkey(encoding = \"fdb_tuple\")]\n"),
        (Encoding::Binary | Encoding::Text, _) => {}
    }
    if let Some(d) = layout.delimiter {
        let _ = writeln!(s, "#[rowkey(delimiter = {:?})]", char::from(d).to_string());
    }
    // A budget at exactly the documented longest key: the derive's own count must allow it.
    if let Some((n, _)) = most(layout) {
        let _ = writeln!(s, "#[rowkey(max_len = {n})]");
    }
    if let Some(salt) = &layout.salt {
        let _ = writeln!(s, "{}", salt.attr(&layout.fields));
    }
    if !layout.scan {
        s.push_str("#[rowkey(scan = false)]\n");
    }
    let _ = writeln!(s, "pub struct {} {{", layout.name);
    for (i, f) in layout.fields.iter().enumerate() {
        for a in &f.kind.attrs {
            let _ = writeln!(s, "    {a}");
        }
        // Every third field says it was renamed: no byte may depend on it, and the layout's
        // text keeps it.
        if (i + layout.name.len()).is_multiple_of(3) {
            let _ = writeln!(s, "    #[rowkey(was = \"old_{}\")]", f.name);
        }
        let _ = writeln!(s, "    pub {}: {},", f.name, f.kind.ty);
    }
    s.push('}');
    s
}

pub fn emit(layout: &Layout) -> String {
    let src = source(layout);
    let name = &layout.name;
    let n = layout.fields.len();
    let text = layout.delimiter.is_some();
    let skip = layout.salt.as_ref().map_or(0, |s| s.width(text));
    let hash_prefix = matches!(layout.salt, Some(Salt::Md5 { .. }));
    let buckets = match layout.salt.as_ref().and_then(Salt::buckets) {
        Some(b) => format!("Some({b})"),
        None => "None".into(),
    };
    let field_names: Vec<String> = layout
        .fields
        .iter()
        .map(|f| format!("{:?}", f.name))
        .collect();
    let mut out = String::new();
    let _ = writeln!(out, "#[derive(rowkey::RowKey, Debug, Clone)]\n{src}\n");
    let _ = writeln!(out, "impl {name} {{");
    for (i, f) in layout.fields.iter().enumerate() {
        let ty = &f.kind.ty;
        let fname = &f.name;
        let _ = writeln!(
            out,
            "    fn {fname}_gen(g: &mut rowkey_fuzz::Rng) -> {ty} {{ {} }}",
            place(&f.kind.draw, layout, i)
        );
        let _ = writeln!(out, "    #[allow(unused_comparisons, clippy::all)]\n    fn {fname}_accepts(v: &{ty}) -> bool {{ {} }}", place(&f.kind.accepts, layout, i));
        let _ = writeln!(
            out,
            "    fn {fname}_key(a: &{ty}, b: &{ty}) -> core::cmp::Ordering {{ {} }}",
            place(&f.kind.key, layout, i)
        );
        let _ = writeln!(
            out,
            "    fn {fname}_value(a: &{ty}, b: &{ty}) -> core::cmp::Ordering {{ {} }}",
            place(&f.kind.value, layout, i)
        );
    }
    let _ = writeln!(out, "}}\n");

    let _ = writeln!(out, "impl rowkey_fuzz::Fuzz for {name} {{");
    let _ = writeln!(out, "    const NAME: &'static str = {name:?};");
    let _ = writeln!(out, "    const SOURCE: &'static str = {src:?};");
    let _ = writeln!(
        out,
        "    const FIELDS: &'static [&'static str] = &[{}];",
        field_names.join(", ")
    );
    let _ = writeln!(out, "    const SKIP: usize = {skip};");
    let _ = writeln!(out, "    const HASH_PREFIX: bool = {hash_prefix};");
    let _ = writeln!(out, "    const BUCKETS: Option<u16> = {buckets};");
    let _ = writeln!(
        out,
        "    const SAME_WIDTH: Option<usize> = {:?};",
        same_width(layout)
    );
    if let Some((n, values)) = most(layout) {
        let fields: Vec<String> = layout
            .fields
            .iter()
            .zip(values)
            .map(|(f, v)| format!("{}: {v}", f.name))
            .collect();
        let _ = writeln!(out, "    const MOST: Option<usize> = Some({n});");
        let _ = writeln!(
            out,
            "    #[allow(unused_variables)]\n    fn longest() -> Option<Self> {{ let g = &mut rowkey_fuzz::Rng::new(7); Some(Self {{ {} }}) }}",
            fields.join(", ")
        );
    }
    let bucket_salt = match (&layout.salt, layout.delimiter) {
        (Some(Salt::JavaHash { width, .. }), _) => {
            format!("rowkey::salt::salt_bytes(u32::from(b), {width})[..{width}].to_vec()")
        }
        (
            Some(Salt::Random {
                alphabet: Some(a), ..
            }),
            _,
        ) => format!("vec![{:?}.as_bytes()[usize::from(b)]]", a),
        (Some(s), Some(_)) if s.buckets().is_some() => {
            let width = s
                .buckets()
                .unwrap_or(1)
                .saturating_sub(1)
                .max(1)
                .to_string()
                .len();
            format!("format!(\"{{b:0{width}}}\").into_bytes()")
        }
        (Some(s), None) if s.buckets().is_some() => "vec![b as u8]".to_string(),
        _ => "{ let _ = b; Vec::new() }".to_string(),
    };
    let _ = writeln!(
        out,
        "    fn bucket_salt(b: u16) -> Vec<u8> {{ {bucket_salt} }}"
    );
    let gens: Vec<String> = layout
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{0}: Self::{0}_gen(&mut v.field({i}))", f.name))
        .collect();
    let _ = writeln!(
        out,
        "    fn generate(v: &mut rowkey_fuzz::Values) -> Self {{ Self {{ {} }} }}",
        gens.join(", ")
    );
    let accepts: Vec<String> = layout
        .fields
        .iter()
        .map(|f| format!("Self::{0}_accepts(&self.{0})", f.name))
        .collect();
    let refuses_empty = refuses_empty(layout);
    let mut accepts = accepts.join(" && ");
    if refuses_empty {
        let nulls: Vec<String> = layout
            .fields
            .iter()
            .map(|f| format!("self.{}.is_none()", f.name))
            .collect();
        accepts = format!("{accepts} && !({})", nulls.join(" && "));
    }
    let _ = writeln!(out, "    fn accepts(&self) -> bool {{ {accepts} }}");
    let refused: Vec<String> = layout
        .fields
        .iter()
        .map(|f| {
            format!(
                "if !Self::{0}_accepts(&self.{0}) {{ return Some({0:?}); }}",
                f.name
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "    fn refused_field(&self) -> Option<&'static str> {{ {} None }}",
        refused.join(" ")
    );
    let arms: Vec<String> = layout
        .fields
        .iter()
        .enumerate()
        .map(|(i, f)| format!("{i} => k.{0} = other.{0}.clone(),", f.name))
        .collect();
    let _ = writeln!(
        out,
        "    fn with_field_of(&self, other: &Self, i: usize) -> Self {{ let mut k = self.clone(); match i {{ {} _ => {{}} }} k }}",
        arms.join(" ")
    );
    let values: Vec<String> = layout
        .fields
        .iter()
        .map(|f| format!("rowkey_fuzz::dynamic::ToValue::to_value(&self.{})", f.name))
        .collect();
    let _ = writeln!(
        out,
        "    fn values(&self) -> Vec<rowkey::layout::Value> {{ vec![{}] }}",
        values.join(", ")
    );
    // The documented order ends at a raw `#[java]` string (no terminator) or a field with no
    // promised order.
    let ordered = layout
        .fields
        .iter()
        .position(|f| f.kind.raw || f.kind.unordered)
        .unwrap_or(n);
    let _ = writeln!(out, "    const ORDERED: usize = {ordered};");
    let keys: Vec<String> = layout.fields[..ordered]
        .iter()
        .map(|f| format!("Self::{0}_key(&self.{0}, &o.{0})", f.name))
        .collect();
    let _ = writeln!(
        out,
        "    fn key_cmp(&self, o: &Self) -> core::cmp::Ordering {{ core::cmp::Ordering::Equal{} }}",
        keys.iter()
            .map(|k| format!(".then_with(|| {k})"))
            .collect::<String>()
    );
    out.push_str(&queries(layout, n));
    if layout.encoding == Encoding::Bigtable {
        let values: Vec<String> = layout
            .fields
            .iter()
            .map(|f| format!("rowkey_fuzz::schema::FieldValue::value(&self.{})", f.name))
            .collect();
        let _ = writeln!(
            out,
            "    fn bigtable(&self) -> Option<(rowkey::encodings::bigtable::RowKeySchema, Vec<rowkey_fuzz::schema::Value>)> {{ Some((<Self as rowkey::encodings::bigtable::BigtableKey>::ROW_KEY_SCHEMA, vec![{}])) }}",
            values.join(", ")
        );
    }
    let _ = writeln!(out, "}}\n");
    out
}

/// A Phoenix key without a salt, or an HBase Struct key, whose every field is NULL would be
/// the empty row key, which HBase and Bigtable refuse: encode refuses it (and a plan of it).
fn refuses_empty(layout: &Layout) -> bool {
    let encoding_refuses = match layout.encoding {
        Encoding::Phoenix => layout.salt.is_none(),
        Encoding::HbaseOrdered => true,
        _ => false,
    };
    encoding_refuses && layout.fields.iter().all(|f| f.kind.depth > 0)
}

/// `query`: a random partial key (fields fixed in key order, each to a value or a set of
/// values, maybe a range on the next), its plan through the typed builder, and the filter it
/// must equal. One straight run through the fields: field `i` is fixed once and the chain
/// returns at `k` (the draws in the same order as a chain written out for each `k`), so a
/// layout's query is linear in its fields (written out per `k` it was quadratic: the
/// generated file 7.0 MB against 5.4, the test's build 158 s of CPU against 140).
fn queries(layout: &Layout, n: usize) -> String {
    if !layout.scan {
        return "    fn query(_: &mut rowkey_fuzz::Values, _: &[Self]) -> rowkey_fuzz::Query<Self> {
        rowkey_fuzz::Query { what: \"full_scan()\".into(), plan: Ok(Self::full_scan()), want: Box::new(|_: &Self| true), valid: true, reversed: None, full: true }
    }
".into();
    }
    let first = layout.salt.as_ref().map_or(0, Salt::first_plannable);
    let mut body = String::new();
    for i in 0..=n {
        if i >= first {
            let _ = write!(body, "        if k == {i} {{ ");
            ending(&mut body, layout, i, n);
            body.push_str("}\n");
        }
        let Some(f) = layout.fields.get(i) else { break };
        let name = &f.name;
        let _ = writeln!(
            body,
            "        let s{i} = v.set(&t.{name}, keys, |x: &Self| x.{name}.clone(), Self::{name}_gen);"
        );
        // A raw string that other fields follow, fixed: the keys of a set must have one
        // length up to its end (else `RawLengths`), so values of another length are left out
        // (when a raw field is among those fixed from this one on, and a field is left).
        if let Some(raw) = (i..n).find(|&r| layout.fields[r].kind.raw) {
            let _ = writeln!(
                body,
                "        let s{i} = if {raw} < k && k < {n} {{ s{i}.map(|mut s| {{ let len = t.encode().map(|b| b.len()).ok(); s.retain(|w| {{ let mut x = t.clone(); x.{name} = w.clone(); x.encode().map(|b| b.len()).ok().is_none_or(|l| Some(l) == len) }}); s }}) }} else {{ s{i} }};"
            );
        }
        let _ = write!(
            body,
            "        let b = match &s{i} {{ Some(s) => b.{name}(s.clone()), None => b.{name}(t.{name}.clone()) }};
        sets_valid = sets_valid && s{i}.iter().flatten().all(Self::{name}_accepts);
        match &s{i} {{ Some(s) => {{ let _ = write!(what, \".{name}({{s:?}})\"); }} None => what.push_str(\".{name}(..)\") }}
        let want: Box<dyn Fn(&Self) -> bool> = {{ let s = s{i}.clone(); let tv = t.{name}.clone(); Box::new(move |x: &Self| want(x) && match &s {{ Some(s) => s.iter().any(|w| Self::{name}_value(&x.{name}, w).is_eq()), None => Self::{name}_value(&x.{name}, &tv).is_eq() }}) }};
"
        );
    }
    format!(
        "    fn query(v: &mut rowkey_fuzz::Values, keys: &[Self]) -> rowkey_fuzz::Query<Self> {{
        use core::fmt::Write as _;
        let full = || rowkey_fuzz::Query {{ what: \"full_scan()\".into(), plan: Ok(Self::full_scan()), want: Box::new(|_: &Self| true), valid: true, reversed: None, full: true }};
        if keys.is_empty() {{ return full(); }}
        let t = &keys[v.rng().index(keys.len())];
        // A third of the queries bound the first field (where an empty bound means the table's start).
        let k = if v.chance(1, 3) {{ 0 }} else {{ v.rng().index({n} + 2) }};
        let ranged = v.chance(1, 2);
        if {below}k > {n} {{ return full(); }}
        let t = t.clone();
        let b = Self::scan();
        let mut what = String::from(\"{}::scan()\");
        let mut sets_valid = true;
        let want: Box<dyn Fn(&Self) -> bool> = Box::new(|_: &Self| true);
{body}        full()
    }}
",
        layout.name,
        below = if first > 0 { format!("k < {first} || ") } else { String::new() },
    )
}

/// The end of a chain that fixed the first `k` fields (`s0`..: their sets): its plan, or,
/// half the time when the next field takes ranges, a range on it and that plan.
fn ending(out: &mut String, layout: &Layout, k: usize, n: usize) {
    // A key whose every field is NULL is refused (the empty row key, in HBase's Struct): a
    // plan whose sets reach that combination is an error, as such a key's encode is.
    let all_null: String = if refuses_empty(layout) && k == n {
        layout.fields[..k]
            .iter()
            .enumerate()
            .map(|(i, f)| {
                format!(
                    " && match &s{i} {{ Some(s) => s.iter().any(|x| x.is_none()), None => t.{}.is_none() }}",
                    f.name
                )
            })
            .collect()
    } else {
        " && false".to_string()
    };
    let plain = format!(
        "return rowkey_fuzz::Query {{ what: format!(\"{{what}}.plan() with {{t:?}}\"), plan: b.plan(), want, valid: sets_valid && !(true{all_null}), reversed: None, full: false }};"
    );
    match layout.fields.get(k).filter(|f| f.kind.range) {
        None => out.push_str(&plain),
        Some(f) => {
            let name = &f.name;
            let _ = write!(
                out,
                "if !ranged {{ {plain} }} \
                 let r = (v.bound(keys, |x: &Self| x.{name}.clone(), Self::{name}_gen), v.bound(keys, |x: &Self| x.{name}.clone(), Self::{name}_gen)); \
                 let r = rowkey_fuzz::order::mostly_forward(r, Self::{name}_value, v.chance(1, 4)); \
                 let reversed = rowkey_fuzz::order::reversed(&r, Self::{name}_value).then_some({name:?}); \
                 let valid = sets_valid && rowkey_fuzz::values::bound_ok(&r.0, Self::{name}_accepts) && rowkey_fuzz::values::bound_ok(&r.1, Self::{name}_accepts); \
                 let plan = b.{name}(r.clone()).plan(); \
                 return rowkey_fuzz::Query {{ what: format!(\"{{what}}.{name}({{:?}}).plan() with {{t:?}}\", r), plan, want: Box::new(move |x: &Self| want(x) && rowkey_fuzz::order::in_range(&x.{name}, &r, Self::{name}_value)), valid, reversed, full: false }}; "
            );
        }
    }
}

/// A layout and its twin as a move's old and new key: the twin's source and the conversion.
pub fn emit_pair(layout: &Layout, twin: &Layout) -> String {
    let fields: Vec<String> = layout
        .fields
        .iter()
        .map(|f| format!("{0}: self.{0}.clone()", f.name))
        .collect();
    format!(
        "{}impl rowkey_fuzz::Pair for {} {{\n    type New = {};\n    fn convert(&self) -> {} {{ {} {{ {} }} }}\n}}\n\n",
        emit(twin),
        layout.name,
        twin.name,
        twin.name,
        twin.name,
        fields.join(", ")
    )
}
