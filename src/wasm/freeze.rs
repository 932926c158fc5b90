//! The JS side of the freeze model in `crate::freeze`: one walk over a JS value graph that
//! makes a frozen copy, freezes in place, and/or feeds the context hash. Cycles and shared
//! references are followed once (identity is kept inside a copy).

use crate::error::{ErrorCode, GuardError};
use crate::freeze::{
    binary_handling, refusal, BinaryNote, ContextHasher, FreezeMode, ValueKind, DATE_SETTERS,
    MAP_MUTATORS, SET_MUTATORS,
};
use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

// Catching imports: host objects may be proxies whose traps throw, or objects whose getters
// throw. A JS exception must come back as a value, never unwind through the walk.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(catch, js_namespace = Object, js_name = freeze)]
    fn try_freeze(o: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = keys)]
    fn try_keys(o: &JsValue) -> Result<Array, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = isArray)]
    fn try_is_array(o: &JsValue) -> Result<bool, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Object, js_name = defineProperty)]
    fn try_define_property(o: &JsValue, key: &JsValue, desc: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(catch, js_namespace = Array, js_name = from)]
    fn try_array_from(o: &JsValue) -> Result<Array, JsValue>;
}

fn js_get(obj: &JsValue, key: &str) -> Result<JsValue, JsValue> {
    Reflect::get(obj, &JsValue::from_str(key))
}

/// `obj.constructor.name`, or "" when reading it throws.
fn ctor_name(obj: &JsValue) -> String {
    js_get(obj, "constructor")
        .and_then(|c| js_get(&c, "name"))
        .ok()
        .and_then(|n| n.as_string())
        .unwrap_or_default()
}

/// `new globalThis[name](...args)`, catching.
fn construct(name: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let ctor: Function = js_get(&js_sys::global(), name)?.dyn_into()?;
    let list = Array::new();
    for a in args {
        list.push(a);
    }
    Reflect::construct(&ctor, &list)
}

/// `globalThis[class].prototype[method].call(this)`, catching (a proxy has no internal slots).
fn call_proto(class: &str, method: &str, this: &JsValue) -> Result<JsValue, JsValue> {
    let f: Function = js_get(
        &js_get(&js_get(&js_sys::global(), class)?, "prototype")?,
        method,
    )?
    .dyn_into()?;
    f.call0(this)
}

/// Contexts nested deeper than this are refused: the walk recurses, and the wasm stack is finite.
pub const MAX_FREEZE_DEPTH: usize = 1000;

thread_local! {
    static OBJECT_PROTOTYPE: JsValue = Object::get_prototype_of(&Object::new()).into();
    static THROWERS: Throwers = Throwers::new();
    /// Property names read on every descriptor: made into JS strings once, not per read.
    static NAMES: Names = Names {
        value: JsValue::from_str("value"),
        enumerable: JsValue::from_str("enumerable"),
        writable: JsValue::from_str("writable"),
        configurable: JsValue::from_str("configurable"),
    };
}

struct Names {
    value: JsValue,
    enumerable: JsValue,
    writable: JsValue,
    configurable: JsValue,
}

/// One step of the walk's position; turned into a JSON pointer only for an error.
#[derive(Clone)]
enum Segment {
    Index(u32),
    Key(JsValue),
}

impl Segment {
    fn text(&self) -> String {
        match self {
            Segment::Index(i) => i.to_string(),
            Segment::Key(k) => k.as_string().unwrap_or_else(|| {
                let d = js_sys::Symbol::unchecked_from_js_ref(k)
                    .description()
                    .map(String::from)
                    .unwrap_or_default();
                format!("@@{d}")
            }),
        }
    }
}

/// One throwing function per kind, shared by every frozen Map, Set and Date.
struct Throwers {
    map: JsValue,
    set: JsValue,
    date: JsValue,
    weak: JsValue,
}

fn thrower(message: &'static str) -> JsValue {
    let f: Closure<dyn Fn() -> Result<JsValue, JsValue>> =
        Closure::new(move || Err(js_sys::TypeError::new(message).into()));
    f.into_js_value()
}

impl Throwers {
    fn new() -> Self {
        Throwers {
            map: thrower("boomerang-guard: this Map is frozen (a child's context is read-only)"),
            set: thrower("boomerang-guard: this Set is frozen (a child's context is read-only)"),
            date: thrower("boomerang-guard: this Date is frozen (a child's context is read-only)"),
            weak: thrower(
                "boomerang-guard: this collection is frozen (a child's context is read-only)",
            ),
        }
    }
}

pub struct Walk {
    mode: Option<FreezeMode>,
    hasher: Option<ContextHasher>,
    /// Original object → index of its first visit.
    seen: js_sys::Map,
    /// Copies by first-visit index (copy mode).
    copies: Vec<JsValue>,
    visits: usize,
    path: Vec<Segment>,
    depth: usize,
    /// Bytes met by a freeze, in walk order.
    binary: Vec<BinaryNote>,
}

fn classify(v: &JsValue) -> Result<ValueKind, JsValue> {
    if v.is_function() {
        return Ok(ValueKind::Function);
    }
    if !v.is_object() {
        return Ok(ValueKind::Primitive);
    }
    if try_is_array(v)? {
        return Ok(ValueKind::Array);
    }
    let proto: JsValue = Reflect::get_prototype_of(v)?.into();
    if proto.is_null() || OBJECT_PROTOTYPE.with(|p| *p == proto) {
        return Ok(ValueKind::PlainObject);
    }
    Ok(classify_instance(v))
}

fn classify_instance(v: &JsValue) -> ValueKind {
    if v.is_instance_of::<js_sys::Map>() {
        ValueKind::Map
    } else if v.is_instance_of::<js_sys::Set>() {
        ValueKind::Set
    } else if v.is_instance_of::<js_sys::Date>() {
        ValueKind::Date
    } else if v.is_instance_of::<js_sys::RegExp>() {
        ValueKind::RegExp
    } else if js_sys::ArrayBuffer::is_view(v) {
        // A view is bytes of the kind its buffer is (by the buffer's built-in tag).
        match js_get(v, "buffer").map(|b| buffer_kind(&b)) {
            Ok(Some(kind)) => kind,
            _ => ValueKind::SharedBinary,
        }
    } else if let Some(kind) = buffer_kind(v) {
        kind
    } else if v.is_instance_of::<js_sys::WeakMap>()
        || v.is_instance_of::<js_sys::WeakSet>()
        || v.is_instance_of::<js_sys::Promise>()
    {
        ValueKind::Opaque
    } else {
        ValueKind::ClassInstance
    }
}

/// `Object.prototype.toString.call(v)`: the built-in tag, which a subclass or a prototype
/// swap does not change for buffers (no `SharedArrayBuffer` global is needed to see one).
fn to_string_tag(v: &JsValue) -> String {
    call_proto("Object", "toString", v)
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_default()
}

/// `Binary` for an `ArrayBuffer`, `SharedBinary` for a `SharedArrayBuffer`, by built-in tag.
fn buffer_kind(v: &JsValue) -> Option<ValueKind> {
    match to_string_tag(v).as_str() {
        "[object ArrayBuffer]" => Some(ValueKind::Binary),
        "[object SharedArrayBuffer]" => Some(ValueKind::SharedBinary),
        _ => None,
    }
}

fn js_err(e: JsValue, path: &str) -> GuardError {
    let why = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| "the value threw while it was read".into());
    GuardError::new(
        ErrorCode::Unfreezable,
        path,
        format!(
            "reading {}: {why}",
            if path.is_empty() { "(root)" } else { path }
        ),
    )
}

/// Defines `names` on `target` as non-enumerable read-only properties holding `f`.
fn shadow_methods(target: &JsValue, names: &[&str], f: &JsValue) -> Result<(), JsValue> {
    let desc = Object::new();
    Reflect::set(&desc, &"value".into(), f)?;
    for name in names {
        try_define_property(target, &JsValue::from_str(name), &desc)?;
    }
    Ok(())
}

impl Walk {
    pub fn new(mode: Option<FreezeMode>, hash: bool) -> Walk {
        Walk {
            mode,
            hasher: hash.then(ContextHasher::default),
            seen: js_sys::Map::new(),
            copies: Vec::new(),
            visits: 0,
            path: Vec::new(),
            depth: 0,
            binary: Vec::new(),
        }
    }

    /// The bytes this walk met and what it did with them.
    pub fn binary(&self) -> &[BinaryNote] {
        &self.binary
    }

    pub fn hash(&self) -> Option<String> {
        self.hasher.as_ref().map(ContextHasher::finish)
    }

    fn h(&mut self) -> Option<&mut ContextHasher> {
        self.hasher.as_mut()
    }

    fn copying(&self) -> bool {
        self.mode == Some(FreezeMode::Copy)
    }

    /// The JSON pointer of where the walk is.
    fn pointer(&self) -> String {
        let mut out = String::new();
        for seg in &self.path {
            crate::json_text::push_pointer_segment(&mut out, &seg.text());
        }
        out
    }

    fn primitive(&mut self, v: &JsValue) {
        let Some(h) = self.hasher.as_mut() else {
            return;
        };
        // Most frequent first: each test is a call across the boundary.
        if let Some(s) = v.as_string() {
            h.string(&s);
        } else if let Some(f) = v.as_f64() {
            h.number(f);
        } else if let Some(b) = v.as_bool() {
            h.boolean(b);
        } else if v.is_undefined() {
            h.undefined();
        } else if v.is_null() {
            h.null();
        } else if v.is_bigint() {
            let text: String = js_sys::BigInt::unchecked_from_js_ref(v)
                .to_string(10)
                .map(String::from)
                .unwrap_or_default();
            h.other(b'b', &text);
        } else if v.is_symbol() {
            let text = js_sys::Symbol::unchecked_from_js_ref(v)
                .description()
                .map(String::from)
                .unwrap_or_default();
            h.other(b'y', &text);
        } else {
            h.other(b'?', "");
        }
    }

    /// Walks `v`; returns what the caller should hold: the frozen copy (copy mode) or `v`.
    pub fn walk(&mut self, v: &JsValue) -> Result<JsValue, GuardError> {
        let kind = classify(v).map_err(|e| js_err(e, &self.pointer()))?;
        if kind == ValueKind::Primitive {
            self.primitive(v);
            return Ok(v.clone());
        }
        let first = self.seen.get(v);
        if let Some(i) = first.as_f64() {
            let i = i as usize;
            if let Some(h) = self.h() {
                h.back_reference(i);
            }
            return Ok(self.copies.get(i).cloned().unwrap_or_else(|| v.clone()));
        }
        if let Some(mode) = self.mode {
            // The pointer is built only when there is an error to report.
            if refusal(kind, mode, "").is_some() {
                if let Some(e) = refusal(kind, mode, &self.pointer()) {
                    return Err(e);
                }
            }
        }
        if self.depth >= MAX_FREEZE_DEPTH {
            return Err(GuardError::new(
                ErrorCode::TooDeep,
                self.pointer(),
                format!("the context is nested more than {MAX_FREEZE_DEPTH} levels deep"),
            ));
        }
        let index = self.visits;
        self.visits += 1;
        self.seen.set(v, &JsValue::from_f64(index as f64));
        self.depth += 1;
        let out = self.walk_object(v, kind, index);
        self.depth -= 1;
        out
    }

    fn remember(&mut self, index: usize, copy: &JsValue) {
        if self.copies.len() <= index {
            self.copies.resize(index + 1, JsValue::UNDEFINED);
        }
        if let Some(slot) = self.copies.get_mut(index) {
            *slot = copy.clone();
        }
    }

    fn walk_object(
        &mut self,
        v: &JsValue,
        kind: ValueKind,
        index: usize,
    ) -> Result<JsValue, GuardError> {
        let obj: &Object = v.unchecked_ref();
        let fail = |me: &Self, e: JsValue| js_err(e, &me.pointer());
        let target: JsValue = match kind {
            ValueKind::Array => self.array(v, index)?,
            ValueKind::PlainObject | ValueKind::ClassInstance => {
                self.properties(obj, kind, index)?
            }
            ValueKind::Map => self.map(v, index)?,
            ValueKind::Set => self.set(v, index)?,
            ValueKind::Date => {
                let time = call_proto("Date", "getTime", v).map_err(|e| fail(self, e))?;
                if let Some(h) = self.h() {
                    h.begin(b'd', 1);
                    h.number(time.as_f64().unwrap_or(f64::NAN));
                    h.end();
                }
                if self.copying() {
                    let copy = construct("Date", &[&time]).map_err(|e| fail(self, e))?;
                    self.remember(index, &copy);
                    copy
                } else {
                    v.clone()
                }
            }
            ValueKind::RegExp => {
                let source = js_get(v, "source").map_err(|e| fail(self, e))?;
                let flags = js_get(v, "flags").map_err(|e| fail(self, e))?;
                if let Some(h) = self.h() {
                    let (s, f) = (
                        source.as_string().unwrap_or_default(),
                        flags.as_string().unwrap_or_default(),
                    );
                    h.other(b'x', &format!("/{s}/{f}"));
                }
                if self.copying() {
                    let copy =
                        construct("RegExp", &[&source, &flags]).map_err(|e| fail(self, e))?;
                    self.remember(index, &copy);
                    copy
                } else {
                    v.clone()
                }
            }
            ValueKind::Binary | ValueKind::SharedBinary => self.binary_value(v, index)?,
            ValueKind::Function => {
                let name = js_get(v, "name")
                    .ok()
                    .and_then(|n| n.as_string())
                    .unwrap_or_default();
                if let Some(h) = self.h() {
                    h.other(b'f', &name);
                }
                v.clone()
            }
            ValueKind::Opaque => {
                let name = ctor_name(v);
                if let Some(h) = self.h() {
                    h.other(b'w', &name);
                }
                if self.mode == Some(FreezeMode::InPlace) {
                    THROWERS
                        .with(|t| shadow_methods(v, &["set", "add", "delete"], &t.weak))
                        .map_err(|e| fail(self, e))?;
                }
                v.clone()
            }
            ValueKind::Primitive => v.clone(),
        };
        // Bytes cannot be frozen (see `binary_value`); everything else is.
        if self.mode.is_some() && kind != ValueKind::Binary {
            THROWERS
                .with(|th| match kind {
                    ValueKind::Map => shadow_methods(&target, &MAP_MUTATORS, &th.map),
                    ValueKind::Set => shadow_methods(&target, &SET_MUTATORS, &th.set),
                    ValueKind::Date => shadow_methods(&target, &DATE_SETTERS, &th.date),
                    _ => Ok(()),
                })
                .and_then(|()| try_freeze(&target))
                .map_err(|e| {
                    let mut err = js_err(e, &self.pointer());
                    err.message =
                        format!("freezing {}", err.message.trim_start_matches("reading "));
                    err
                })?;
        }
        Ok(target)
    }

    /// Bytes: hashed with their type; copied (only the view's window) or left as they are and
    /// noted, as `crate::freeze::binary_handling` says.
    fn binary_value(&mut self, v: &JsValue, index: usize) -> Result<JsValue, GuardError> {
        let fail = |me: &Self, e: JsValue| js_err(e, &me.pointer());
        let is_view = js_sys::ArrayBuffer::is_view(v);
        let window = if is_view {
            let buf = js_get(v, "buffer").map_err(|e| fail(self, e))?;
            let off = js_get(v, "byteOffset").map_err(|e| fail(self, e))?;
            let len = js_get(v, "byteLength").map_err(|e| fail(self, e))?;
            construct("Uint8Array", &[&buf, &off, &len])
        } else {
            construct("Uint8Array", &[v])
        }
        .map_err(|e| fail(self, e))?
        .unchecked_into::<js_sys::Uint8Array>();
        let name = ctor_name(v);
        if let Some(h) = self.hasher.as_mut() {
            h.binary(&name, &window.to_vec());
        }
        let Some(mode) = self.mode else {
            return Ok(v.clone());
        };
        let handling = binary_handling(mode);
        self.binary.push(BinaryNote {
            path: self.pointer(),
            type_name: name,
            byte_length: window.length() as usize,
            handling,
        });
        if mode != FreezeMode::Copy {
            return Ok(v.clone());
        }
        // A fresh buffer holding the window, then a view of the same built-in type on it, with
        // the original's prototype (a Node `Buffer` stays a `Buffer`).
        let bytes: JsValue = window.slice(0, window.length()).buffer().into();
        let copy = if !is_view {
            bytes
        } else {
            let tag = to_string_tag(v);
            let builtin = tag
                .strip_prefix("[object ")
                .and_then(|t| t.strip_suffix(']'))
                .unwrap_or("Uint8Array");
            construct(builtin, &[&bytes]).map_err(|e| fail(self, e))?
        };
        let proto = Reflect::get_prototype_of(v).map_err(|e| fail(self, e))?;
        let own = Reflect::get_prototype_of(&copy).map_err(|e| fail(self, e))?;
        if JsValue::from(proto.clone()) != JsValue::from(own) {
            Reflect::set_prototype_of(copy.unchecked_ref::<Object>(), &proto)
                .map_err(|e| fail(self, e))?;
        }
        self.remember(index, &copy);
        Ok(copy)
    }

    fn array(&mut self, v: &JsValue, index: usize) -> Result<JsValue, GuardError> {
        let len = js_get(v, "length")
            .map_err(|e| js_err(e, &self.pointer()))?
            .as_f64()
            .unwrap_or(0.0) as u32;
        let copy = self.copying().then(|| Array::new_with_length(len));
        if let Some(c) = &copy {
            self.remember(index, c);
        }
        if let Some(h) = self.h() {
            h.begin(b'a', len as usize);
        }
        for i in 0..len {
            self.path.push(Segment::Index(i));
            let out = match Reflect::get_u32(v, i) {
                Ok(item) => self.walk(&item),
                Err(e) => Err(js_err(e, &self.pointer())),
            };
            self.path.pop();
            let out = out?;
            if let Some(c) = &copy {
                c.set(i, out);
            }
        }
        if let Some(h) = self.h() {
            h.end();
        }
        Ok(copy.map(JsValue::from).unwrap_or_else(|| v.clone()))
    }

    fn properties(
        &mut self,
        obj: &Object,
        kind: ValueKind,
        index: usize,
    ) -> Result<JsValue, GuardError> {
        let keys = Reflect::own_keys(obj).map_err(|e| js_err(e, &self.pointer()))?;
        let mut keys: Vec<JsValue> = keys.iter().collect();
        // Canonical order for the hash: string keys sorted, then symbols by description.
        let mut names: Vec<String> = Vec::new();
        if self.hasher.is_some() {
            let mut named: Vec<(bool, String, JsValue)> = keys
                .into_iter()
                .map(|k| {
                    let text = k
                        .as_string()
                        .unwrap_or_else(|| Segment::Key(k.clone()).text());
                    (!k.is_string(), text, k)
                })
                .collect();
            named.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
            keys = Vec::with_capacity(named.len());
            for (_, name, key) in named {
                names.push(name);
                keys.push(key);
            }
        }
        // Class instances keep their prototype; private #fields cannot be copied.
        let copy: Option<Object> = match self.copying() {
            true => Some(Object::create(
                &Reflect::get_prototype_of(obj).map_err(|e| js_err(e, &self.pointer()))?,
            )),
            false => None,
        };
        if let Some(c) = &copy {
            self.remember(index, c);
        }
        if let Some(h) = self.h() {
            h.begin(
                if kind == ValueKind::PlainObject {
                    b'o'
                } else {
                    b'c'
                },
                keys.len(),
            );
        }
        // A copy needs each property's enumerability; usually all are (no symbol or hidden key).
        let all_enumerable = copy.is_some()
            && try_keys(obj)
                .map_err(|e| js_err(e, &self.pointer()))?
                .length() as usize
                == keys.len();
        for (i, key) in keys.into_iter().enumerate() {
            if let (Some(h), Some(name)) = (self.hasher.as_mut(), names.get(i)) {
                h.key(name);
            }
            // One read per property; a getter runs once, as in deep-freeze-strict and Immer.
            let value = Reflect::get(obj, &key);
            self.path.push(Segment::Key(key));
            let result = match value {
                Ok(v) => self.walk(&v),
                Err(e) => Err(js_err(e, &self.pointer())),
            };
            let Some(Segment::Key(key)) = self.path.pop() else {
                continue;
            };
            let child = result?;
            if let Some(c) = &copy {
                let enumerable = all_enumerable || {
                    let desc = Reflect::get_own_property_descriptor(obj, &key)
                        .map_err(|e| js_err(e, &self.pointer()))?;
                    NAMES
                        .with(|n| Reflect::get(&desc, &n.enumerable))
                        .map(|e| e.is_truthy())
                        .unwrap_or(false)
                };
                // An own "__proto__" key is data: assigning it would run Object.prototype's
                // setter and give the copy the input's object as its prototype.
                let proto_key = key.as_string().is_some_and(|k| k == "__proto__");
                if enumerable && !proto_key {
                    let _ = Reflect::set(c, &key, &child);
                } else {
                    let d = Object::new();
                    NAMES.with(|n| {
                        let _ = Reflect::set(&d, &n.value, &child);
                        let _ = Reflect::set(&d, &n.writable, &JsValue::TRUE);
                        let _ = Reflect::set(&d, &n.configurable, &JsValue::TRUE);
                        if enumerable {
                            let _ = Reflect::set(&d, &n.enumerable, &JsValue::TRUE);
                        }
                    });
                    Object::define_property(c, &key, &d);
                }
            }
        }
        if let Some(h) = self.h() {
            h.end();
        }
        Ok(copy
            .map(JsValue::from)
            .unwrap_or_else(|| obj.clone().into()))
    }

    fn map(&mut self, v: &JsValue, index: usize) -> Result<JsValue, GuardError> {
        // Array.from over the entries: a proxy or a broken iterator throws here, caught.
        let pairs = try_array_from(v).map_err(|e| js_err(e, &self.pointer()))?;
        let entries: Vec<(JsValue, JsValue)> = pairs
            .iter()
            .map(|p| {
                (
                    Reflect::get_u32(&p, 0).unwrap_or_default(),
                    Reflect::get_u32(&p, 1).unwrap_or_default(),
                )
            })
            .collect();
        let copy = self.copying().then(js_sys::Map::new);
        if let Some(c) = &copy {
            self.remember(index, c);
        }
        if let Some(h) = self.h() {
            h.begin(b'm', entries.len());
        }
        for (i, (key, value)) in entries.into_iter().enumerate() {
            self.path.push(Segment::Index(i as u32));
            let out = self.walk(&key).and_then(|k| Ok((k, self.walk(&value)?)));
            self.path.pop();
            let (k, val) = out?;
            if let Some(c) = &copy {
                c.set(&k, &val);
            }
        }
        if let Some(h) = self.h() {
            h.end();
        }
        Ok(copy.map(JsValue::from).unwrap_or_else(|| v.clone()))
    }

    fn set(&mut self, v: &JsValue, index: usize) -> Result<JsValue, GuardError> {
        let values: Vec<JsValue> = try_array_from(v)
            .map_err(|e| js_err(e, &self.pointer()))?
            .iter()
            .collect();
        let copy = self
            .copying()
            .then(|| js_sys::Set::new(&JsValue::UNDEFINED));
        if let Some(c) = &copy {
            self.remember(index, c);
        }
        if let Some(h) = self.h() {
            h.begin(b'e', values.len());
        }
        for (i, value) in values.into_iter().enumerate() {
            self.path.push(Segment::Index(i as u32));
            let out = self.walk(&value);
            self.path.pop();
            let out = out?;
            if let Some(c) = &copy {
                c.add(&out);
            }
        }
        if let Some(h) = self.h() {
            h.end();
        }
        Ok(copy.map(JsValue::from).unwrap_or_else(|| v.clone()))
    }
}
