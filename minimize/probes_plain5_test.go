//go:build probes

package minimize_test

// A fifth set of plain-bytes probes (see probes_plain_test.go for the
// harness): an ELF object's section and symbol tables, the Fluentd
// forward protocol over MessagePack, a Standard MIDI File, a pcap capture
// down to IPv4 options, a run-length encoded BMP, a QOI image, a Redis
// client's request stream and GitHub-flavoured Markdown tables.

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

func plainProbes5() []plainProbe {
	return []plainProbe{
		{"pt-elf-symshndx", ptELF, ptELFSmallest, genPtELF},
		{"pt-msgpack-fluent", ptFluent, "\x92\xa1\x00\x91\x92\x00\x00", genPtFluent},
		{"pt-midi-sysex-running", ptMIDI, "MThd\x00\x00\x00\x06\x00\x00\x00\x01\x00\x01MTrk\x00\x00\x00\x05\x00\xf0\x00\x00\x00", genPtMIDI},
		{"pt-pcap-ipv4opts", ptPcap, ptPcapSmallest, genPtPcap},
		{"pt-bmp-rle-absolute", ptBMP, ptBMPSmallest, genPtBMP},
		{"pt-qoi-run", ptQOI, "qoif\x00\x00\x00\x01\x00\x00\x00\x01\x03\x00\xc1\x00\x00\x00\x00\x00\x00\x00\x01", genPtQOI},
		{"pt-resp-getrange", ptRESP, "DECR\t\x00\nSUBSTR\t\x00\t2\t0\n", genPtRESP},
		{"pt-markdown-table", ptMarkdown, "|\n-:|\n\x00|\x00", genPtMarkdown},
	}
}

// ---- ELF object: section headers and symbol tables ----

const (
	ptSHTSymtab = 2
	ptSHTStrtab = 3
	ptSHTRela   = 4
	ptSHTNobits = 8
	ptSHTRel    = 9
	ptSHTDynsym = 11
)

// ptELFSection is a section header's fields that the reader uses.
type ptELFSection struct {
	typ, nameOff, link, info uint32
	off, size, entsize       uint64
	name                     string
}

// ptELFFile is an ELF file being read.
type ptELFFile struct {
	b    []byte
	is64 bool
	bo   binary.ByteOrder
	secs []ptELFSection
}

// data is section i's bytes (none for NOBITS).
func (f *ptELFFile) data(i int) []byte {
	s := f.secs[i]
	if s.typ == ptSHTNobits {
		return nil
	}
	return f.b[s.off : s.off+s.size]
}

// ptELF reads an ELF file's section and symbol tables as nm or a linter
// does. The identification: "\x7fELF", the class (1 for 32-bit, 2 for
// 64-bit), the data encoding (1 little-endian, 2 big-endian) and version
// 1; the rest of e_ident, e_type, e_machine, e_entry, e_flags and
// e_ehsize are not checked. e_version must be 1. A program header table
// (if e_phnum > 0) has entries of 32 or 56 bytes and must be in the file,
// as must each segment's bytes; a PT_LOAD segment's memory size is at
// least its file size. A section header table (if e_shnum > 0; e_shnum 0
// with a nonzero e_shoff, extended numbering, is refused) has entries of
// 40 or 64 bytes and must be in the file, as must each section's bytes
// (but NOBITS ones'). The ELF header, the two tables and the sections'
// bytes (but empty and NOBITS ones) may not overlap. If e_shstrndx is not
// 0 it names a STRTAB section and every section's name must be a
// NUL-terminated string in it. Then each SYMTAB or DYNSYM section: its
// entries are 16 or 24 bytes (sh_entsize must say so), its size a
// multiple of them, sh_link names a STRTAB section and sh_info is at most
// the number of symbols; every symbol but the first (the null symbol)
// has a NUL-terminated name in that string table, and its section index
// is 0 (undefined), a reserved one from 0xff00 (but 0xffff, SHN_XINDEX,
// which is not supported) or a section's. Then each REL or RELA section:
// entries of 8 or 16 (REL) or 12 or 24 (RELA) bytes, sh_link a symbol
// table, sh_info a section, and every entry's symbol in the table.
//
// Bug: a symbol's section index below 0xff00 is taken as a section's
// without checking it against the section count.
//
// Smallest ptELFSmallest (165 bytes): a 32-bit little-endian header with
// zeros but e_version 1, e_shoff 52, e_shentsize 40 and e_shnum 2; the
// section table right after it: section 0 a SYMTAB (sh_offset 132,
// sh_size 32, sh_link 1, sh_entsize 16), section 1 a STRTAB (sh_offset
// 164, sh_size 1); the symbols: the null symbol and one of zeros but its
// section index, bytes 00 01 (256); the string table "\x00". Argued: the
// bug needs a symbol after the null one, so a symbol table of two
// 16-byte entries and a string table holding a NUL, in two sections of
// 40 bytes, after the 52-byte header, none overlapping: 165 bytes. 32-bit
// is less than 64-bit and longer; little-endian (1) less than big (2).
// e_shoff's least byte is 0x34 (52): the table comes first, and in it
// the SYMTAB (type 2) before the STRTAB (type 3), so the symbols come
// next (sh_offset 132 = 0x84 rather than 133) and the string table last.
// The least little-endian section index at least 2 and below 0xff00 is
// 00 01. Everything else is zero or forced.
func ptELF(b []byte) int {
	if len(b) < 52 || string(b[:4]) != "\x7fELF" || b[6] != 1 {
		return -1
	}
	f := &ptELFFile{b: b}
	switch b[4] {
	case 1:
	case 2:
		f.is64 = true
	default:
		return -1
	}
	switch b[5] {
	case 1:
		f.bo = binary.LittleEndian
	case 2:
		f.bo = binary.BigEndian
	default:
		return -1
	}
	ehsize, phent, shent, hp := 52, 32, 40, 36 // hp: where e_flags is
	if f.is64 {
		ehsize, phent, shent, hp = 64, 56, 64, 48
	}
	if len(b) < ehsize || f.bo.Uint32(b[20:]) != 1 {
		return -1
	}
	var phoff, shoff uint64
	if f.is64 {
		phoff, shoff = f.bo.Uint64(b[32:]), f.bo.Uint64(b[40:])
	} else {
		phoff, shoff = uint64(f.bo.Uint32(b[28:])), uint64(f.bo.Uint32(b[32:]))
	}
	phentsize, phnum := int(f.bo.Uint16(b[hp+6:])), int(f.bo.Uint16(b[hp+8:]))
	shentsize, shnum, shstrndx := int(f.bo.Uint16(b[hp+10:])), int(f.bo.Uint16(b[hp+12:])), int(f.bo.Uint16(b[hp+14:]))
	size := uint64(len(b))
	within := func(off, n uint64) bool { return off <= size && n <= size-off }
	regions := [][2]uint64{{0, uint64(ehsize)}}
	if phnum > 0 {
		if phentsize != phent || !within(phoff, uint64(phnum*phent)) {
			return -1
		}
		regions = append(regions, [2]uint64{phoff, phoff + uint64(phnum*phent)})
		for i := range phnum {
			p := int(phoff) + i*phent
			typ := f.bo.Uint32(b[p:])
			var off, filesz, memsz uint64
			if f.is64 {
				off, filesz, memsz = f.bo.Uint64(b[p+8:]), f.bo.Uint64(b[p+32:]), f.bo.Uint64(b[p+40:])
			} else {
				off, filesz, memsz = uint64(f.bo.Uint32(b[p+4:])), uint64(f.bo.Uint32(b[p+16:])), uint64(f.bo.Uint32(b[p+20:]))
			}
			if typ == 1 && memsz < filesz || typ != 0 && !within(off, filesz) {
				return -1
			}
		}
	}
	if shnum == 0 {
		if shoff != 0 {
			return -1
		}
		return 0
	}
	if shentsize != shent || !within(shoff, uint64(shnum*shent)) {
		return -1
	}
	regions = append(regions, [2]uint64{shoff, shoff + uint64(shnum*shent)})
	f.secs = make([]ptELFSection, shnum)
	for i := range f.secs {
		p := int(shoff) + i*shent
		s := &f.secs[i]
		s.nameOff, s.typ = f.bo.Uint32(b[p:]), f.bo.Uint32(b[p+4:])
		if f.is64 {
			s.off, s.size = f.bo.Uint64(b[p+24:]), f.bo.Uint64(b[p+32:])
			s.link, s.info, s.entsize = f.bo.Uint32(b[p+40:]), f.bo.Uint32(b[p+44:]), f.bo.Uint64(b[p+56:])
		} else {
			s.off, s.size = uint64(f.bo.Uint32(b[p+16:])), uint64(f.bo.Uint32(b[p+20:]))
			s.link, s.info, s.entsize = f.bo.Uint32(b[p+24:]), f.bo.Uint32(b[p+28:]), uint64(f.bo.Uint32(b[p+36:]))
		}
		if s.typ != ptSHTNobits {
			if !within(s.off, s.size) {
				return -1
			}
			if s.size > 0 {
				regions = append(regions, [2]uint64{s.off, s.off + s.size})
			}
		}
	}
	slices.SortFunc(regions, func(x, y [2]uint64) int { return cmp.Compare(x[0], y[0]) })
	end := uint64(0)
	for _, g := range regions {
		if g[0] < end {
			return -1
		}
		end = max(end, g[1])
	}
	if shstrndx != 0 {
		if shstrndx >= shnum || f.secs[shstrndx].typ != ptSHTStrtab {
			return -1
		}
		tab := f.data(shstrndx)
		for i := range f.secs {
			name, ok := ptCString(tab, f.secs[i].nameOff)
			if !ok {
				return -1
			}
			f.secs[i].name = name
		}
	}
	n := 0
	for i := range f.secs {
		if t := f.secs[i].typ; t == ptSHTSymtab || t == ptSHTDynsym {
			k, ok := ptELFSymbols(f, i)
			if !ok {
				return -1
			}
			n += k
		}
	}
	for i := range f.secs {
		if t := f.secs[i].typ; (t == ptSHTRel || t == ptSHTRela) && !ptELFRelocs(f, i) {
			return -1
		}
	}
	return n
}

// ptCString is the NUL-terminated string at off in tab.
func ptCString(tab []byte, off uint32) (string, bool) {
	if uint64(off) >= uint64(len(tab)) {
		return "", false
	}
	i := bytes.IndexByte(tab[off:], 0)
	if i < 0 {
		return "", false
	}
	return string(tab[off : int(off)+i]), true
}

// ptELFSymbols reads the symbol table in section i and returns how many
// of its symbols are defined.
func ptELFSymbols(f *ptELFFile, i int) (int, bool) {
	s := f.secs[i]
	symsize := uint64(16)
	if f.is64 {
		symsize = 24
	}
	if s.entsize != symsize || s.size%symsize != 0 || int(s.link) >= len(f.secs) || f.secs[s.link].typ != ptSHTStrtab || uint64(s.info) > s.size/symsize {
		return 0, false
	}
	strtab, data := f.data(int(s.link)), f.data(i)
	defined := 0
	for p := symsize; p < s.size; p += symsize { // symbol 0 is the null symbol
		e := data[p:]
		var name uint32
		var info byte
		var shndx uint16
		if f.is64 {
			name, info, shndx = f.bo.Uint32(e), e[4], f.bo.Uint16(e[6:])
		} else {
			name, info, shndx = f.bo.Uint32(e), e[12], f.bo.Uint16(e[14:])
		}
		nm, ok := ptCString(strtab, name)
		if !ok {
			return 0, false
		}
		switch {
		case shndx == 0: // undefined
		case shndx == 0xffff: // SHN_XINDEX: the index is in a SYMTAB_SHNDX section
			return 0, false
		case shndx >= 0xff00: // ABS, COMMON and other reserved indices
			defined++
		default:
			sec := f.secs[shndx] // BUG: the index may pass the section count
			if info&0xf == 3 && nm == "" {
				nm = sec.name // a section symbol is named after its section
			}
			if sec.typ != ptSHTNobits || nm != "" {
				defined++
			}
		}
	}
	return defined, true
}

// ptELFRelocs checks the relocations in section i.
func ptELFRelocs(f *ptELFFile, i int) bool {
	s := f.secs[i]
	ent := map[[2]bool]uint64{{false, false}: 8, {false, true}: 12, {true, false}: 16, {true, true}: 24}[[2]bool{f.is64, s.typ == ptSHTRela}]
	if s.entsize != ent || s.size%ent != 0 || int(s.link) >= len(f.secs) || int(s.info) >= len(f.secs) {
		return false
	}
	sym := f.secs[s.link]
	if sym.typ != ptSHTSymtab && sym.typ != ptSHTDynsym {
		return false
	}
	nsyms := sym.size / sym.entsize
	data := f.data(i)
	for p := uint64(0); p < s.size; p += ent {
		var idx uint64
		if f.is64 {
			idx = f.bo.Uint64(data[p+8:]) >> 32
		} else {
			idx = uint64(f.bo.Uint32(data[p+4:]) >> 8)
		}
		if idx >= nsyms {
			return false
		}
	}
	return true
}

var ptELFSmallest = "\x7fELF\x01\x01\x01" + strings.Repeat("\x00", 13) + "\x01\x00\x00\x00" + // e_ident, e_type, e_machine, e_version
	"\x00\x00\x00\x00\x00\x00\x00\x00\x34\x00\x00\x00" + strings.Repeat("\x00", 10) + "\x28\x00\x02\x00\x00\x00" + // e_entry to e_shstrndx
	"\x00\x00\x00\x00\x02\x00\x00\x00" + strings.Repeat("\x00", 8) + "\x84\x00\x00\x00\x20\x00\x00\x00\x01\x00\x00\x00" + strings.Repeat("\x00", 8) + "\x10\x00\x00\x00" + // the SYMTAB
	"\x00\x00\x00\x00\x03\x00\x00\x00" + strings.Repeat("\x00", 8) + "\xa4\x00\x00\x00\x01\x00\x00\x00" + strings.Repeat("\x00", 16) + // the STRTAB
	strings.Repeat("\x00", 30) + "\x00\x01" + // the symbols
	"\x00"

// ptByteOrder reads and appends in a byte order.
type ptByteOrder interface {
	binary.ByteOrder
	binary.AppendByteOrder
}

// ptELFWriter writes an ELF file's fields in its class and byte order.
type ptELFWriter struct {
	is64 bool
	bo   ptByteOrder
}

func (w ptELFWriter) u16(out []byte, v int) []byte    { return w.bo.AppendUint16(out, uint16(v)) }
func (w ptELFWriter) u32(out []byte, v uint64) []byte { return w.bo.AppendUint32(out, uint32(v)) }

// word writes an address, offset or size: 4 or 8 bytes.
func (w ptELFWriter) word(out []byte, v uint64) []byte {
	if w.is64 {
		return w.bo.AppendUint64(out, v)
	}
	return w.bo.AppendUint32(out, uint32(v))
}

// ptStrtab is a string table being built.
type ptStrtab struct {
	b   []byte
	off map[string]int
}

func (t *ptStrtab) add(s string) uint64 {
	if t.b == nil {
		t.b, t.off = []byte{0}, map[string]int{"": 0}
	}
	if o, ok := t.off[s]; ok {
		return uint64(o)
	}
	t.off[s] = len(t.b)
	t.b = append(append(t.b, s...), 0)
	return uint64(t.off[s])
}

// ptELFSec is a section of a file being written.
type ptELFSec struct {
	name                  string
	typ                   uint32
	flags, align, entsize uint64
	data                  []byte
	nobits                uint64
	link, info            uint32
	off, addr             uint64
}

// genPtELF writes a compiler's object file or a small executable (32- or
// 64-bit, mostly little-endian): .text, its relocations, .data, .bss,
// .rodata, .comment, .note.GNU-stack, .symtab, .strtab and .shstrtab, the
// section table last; a symbol table with a file symbol, section
// symbols, local and global functions and objects and undefined
// references, one of whose section indices is past the sections; then
// junk.
func genPtELF(r *rand.Rand) []byte {
	w := ptELFWriter{is64: r.IntN(3) != 0, bo: binary.LittleEndian}
	if r.IntN(5) == 0 {
		w.bo = binary.BigEndian
	}
	exec := r.IntN(3) == 0
	secs := []ptELFSec{{}}
	add := func(s ptELFSec) int { secs = append(secs, s); return len(secs) - 1 }
	text := add(ptELFSec{name: ".text", typ: 1, flags: 6, data: ppBytes(r, 64+r.IntN(600)), align: 16})
	rel := -1
	if !exec {
		if w.is64 {
			rel = add(ptELFSec{name: ".rela.text", typ: ptSHTRela, flags: 0x40, align: 8, entsize: 24})
		} else {
			rel = add(ptELFSec{name: ".rel.text", typ: ptSHTRel, flags: 0x40, align: 4, entsize: 8})
		}
	}
	data := add(ptELFSec{name: ".data", typ: 1, flags: 3, data: ppBytes(r, 8+r.IntN(200)), align: 8})
	bss := add(ptELFSec{name: ".bss", typ: ptSHTNobits, flags: 3, nobits: uint64(16 + r.IntN(4096)), align: 32})
	var ro []byte
	for range 1 + r.IntN(6) {
		ro = append(append(ro, ppPick(r, "usage: %s [-v] file...\n", "error: %v\n", "Hello, %s!\n", "/etc/"+ppWord(r, 3, 8)+".conf", "cannot open %s: %s\n", ppText(r, 5+r.IntN(30), "%"))...), 0)
	}
	rodata := add(ptELFSec{name: ".rodata", typ: 1, flags: 2, data: ro, align: 8})
	if r.IntN(2) == 0 {
		add(ptELFSec{name: ".comment", typ: 1, flags: 0x30, data: []byte(ppPick(r, "\x00GCC: (GNU) 13.2.1 20230801\x00", "\x00clang version 17.0.6\x00", "\x00GCC: (Debian 12.2.0-14) 12.2.0\x00")), align: 1, entsize: 1})
	}
	add(ptELFSec{name: ".note.GNU-stack", typ: 1, align: 1})
	symsize := 16
	if w.is64 {
		symsize = 24
	}
	symtab := add(ptELFSec{name: ".symtab", typ: ptSHTSymtab, align: 8, entsize: uint64(symsize)})
	strtab := add(ptELFSec{name: ".strtab", typ: ptSHTStrtab, align: 1})
	shstrtab := add(ptELFSec{name: ".shstrtab", typ: ptSHTStrtab, align: 1})
	secs[symtab].link = uint32(strtab)
	if rel >= 0 {
		secs[rel].link, secs[rel].info = uint32(symtab), uint32(text)
	}

	var strs, shstrs ptStrtab
	shstrs.add("")
	syms := make([]byte, symsize) // the null symbol
	nsym := 1
	sym := func(name string, info byte, shndx int, value, size uint64) {
		if w.is64 {
			syms = w.u32(syms, strs.add(name))
			syms = append(syms, info, 0)
			syms = w.u16(syms, shndx)
			syms = w.word(syms, value)
			syms = w.word(syms, size)
		} else {
			syms = w.u32(syms, strs.add(name))
			syms = w.u32(syms, value)
			syms = w.u32(syms, size)
			syms = append(syms, info, 0)
			syms = w.u16(syms, shndx)
		}
		nsym++
	}
	sym(ppWord(r, 3, 10)+".c", 4, 0xfff1, 0, 0)
	for _, s := range []int{text, data, bss, rodata} {
		sym("", 3, s, 0, 0)
	}
	tlen := uint64(len(secs[text].data))
	for range r.IntN(4) {
		sym(ppWord(r, 3, 12), 2, text, uint64(r.IntN(int(tlen))), uint64(1+r.IntN(40)))
	}
	if r.IntN(2) == 0 {
		sym("completed."+strconv.Itoa(r.IntN(10000)), 1, bss, 0, 1)
	}
	first := nsym
	for range 1 + r.IntN(5) {
		sym(ppPick(r, "main", "init_", "parse_", "run_", "free_")+ppWord(r, 0, 8), 0x12, text, uint64(r.IntN(int(tlen))), uint64(1+r.IntN(200)))
	}
	for range r.IntN(4) {
		sym(ppWord(r, 3, 12), 0x11, ppPick(r, data, bss), uint64(8*r.IntN(8)), uint64(4<<r.IntN(3)))
	}
	for range r.IntN(6) {
		sym(ppPick(r, "printf", "malloc", "free", "memcpy", "strlen", "__stack_chk_fail", "exit", "fopen", "_GLOBAL_OFFSET_TABLE_"), 0x10, 0, 0, 0)
	}
	// The corrupt section index.
	bad := 1 + r.IntN(nsym-1)
	at := bad*symsize + 14
	if w.is64 {
		at = bad*symsize + 6
	}
	idx := len(secs) + r.IntN(40)
	if r.IntN(2) == 0 {
		idx = len(secs) + r.IntN(0xff00-len(secs))
	}
	w.bo.PutUint16(syms[at:], uint16(idx))
	secs[symtab].data, secs[symtab].info = syms, uint32(first)
	secs[strtab].data = strs.b
	if rel >= 0 {
		var rb []byte
		for range 1 + r.IntN(12) {
			s, typ := uint64(1+r.IntN(nsym-1)), uint64(1+r.IntN(10))
			if w.is64 {
				rb = w.word(rb, uint64(r.IntN(int(tlen))))
				rb = w.word(rb, s<<32|typ)
				rb = w.word(rb, uint64(int64(r.IntN(64)-4)))
			} else {
				rb = w.word(rb, uint64(r.IntN(int(tlen))))
				rb = w.word(rb, s<<8|typ)
			}
		}
		secs[rel].data = rb
	}
	names := make([]uint64, len(secs))
	for i := range secs {
		names[i] = shstrs.add(secs[i].name)
	}
	secs[shstrtab].data = shstrs.b

	ehsize, phent, shent := 52, 32, 40
	if w.is64 {
		ehsize, phent, shent = 64, 56, 64
	}
	phnum := 0
	if exec {
		phnum = 2
	}
	out := make([]byte, ehsize+phnum*phent)
	base := uint64(0x08048000)
	if w.is64 {
		base = 0x400000
	}
	for i := 1; i < len(secs); i++ {
		s := &secs[i]
		if s.align > 1 {
			for uint64(len(out))%s.align != 0 {
				out = append(out, 0)
			}
		}
		s.off = uint64(len(out))
		if exec && s.flags&2 != 0 {
			s.addr = base + s.off
		}
		out = append(out, s.data...)
	}
	loadEnd := uint64(len(out))
	for len(out)%8 != 0 {
		out = append(out, 0)
	}
	shoff := uint64(len(out))
	for i, s := range secs {
		out = w.u32(out, names[i])
		out = w.u32(out, uint64(s.typ))
		out = w.word(out, s.flags)
		out = w.word(out, s.addr)
		out = w.word(out, s.off)
		if s.typ == ptSHTNobits {
			out = w.word(out, s.nobits)
		} else {
			out = w.word(out, uint64(len(s.data)))
		}
		out = w.u32(out, uint64(s.link))
		out = w.u32(out, uint64(s.info))
		out = w.word(out, s.align)
		out = w.word(out, s.entsize)
	}
	class, enc := byte(1), byte(1)
	if w.is64 {
		class = 2
	}
	if w.bo == binary.BigEndian {
		enc = 2
	}
	h := append([]byte("\x7fELF"), class, enc, 1, ppPick[byte](r, 0, 0, 3), 0)
	h = append(h, make([]byte, 7)...)
	etype, machine := 1, ppPick(r, 62, 183, 243)
	if !w.is64 {
		machine = ppPick(r, 3, 40)
	}
	if w.bo == binary.BigEndian {
		machine = ppPick(r, 8, 20, 21)
	}
	entry, phoff := uint64(0), uint64(0)
	if exec {
		etype, entry, phoff = 2, secs[text].addr, uint64(ehsize)
	}
	h = w.u16(h, etype)
	h = w.u16(h, machine)
	h = w.u32(h, 1)
	h = w.word(h, entry)
	h = w.word(h, phoff)
	h = w.word(h, shoff)
	h = w.u32(h, 0)
	h = w.u16(h, ehsize)
	h = w.u16(h, phent)
	h = w.u16(h, phnum)
	h = w.u16(h, shent)
	h = w.u16(h, len(secs))
	h = w.u16(h, shstrtab)
	if exec {
		seg := func(typ, flags, off, vaddr, filesz, memsz, align uint64) {
			if w.is64 {
				h = w.u32(h, typ)
				h = w.u32(h, flags)
				h = w.word(h, off)
				h = w.word(h, vaddr)
				h = w.word(h, vaddr)
				h = w.word(h, filesz)
				h = w.word(h, memsz)
				h = w.word(h, align)
			} else {
				for _, v := range []uint64{typ, off, vaddr, vaddr, filesz, memsz, flags, align} {
					h = w.u32(h, v)
				}
			}
		}
		seg(1, 7, 0, base, loadEnd, loadEnd+secs[bss].nobits, 0x1000)
		seg(0x6474e551, 6, 0, 0, 0, 0, 16)
	}
	copy(out, h)
	return append(out, ppBytes(r, r.IntN(300))...)
}

// ---- Fluentd forward protocol over MessagePack ----

// ptMPExt is a MessagePack extension value.
type ptMPExt struct {
	typ  int8
	data []byte
}

// ptMPDecode decodes the MessagePack value at p: nil, bool, int64 (or
// uint64 past int64), float64, string (str), []byte (bin), []any (array),
// map[string]any (map, whose keys must be str) or ptMPExt. It returns
// where the value ends.
func ptMPDecode(b []byte, p, depth int) (any, int, bool) {
	if p >= len(b) || depth > 64 {
		return nil, 0, false
	}
	c := b[p]
	p++
	switch {
	case c <= 0x7f:
		return int64(c), p, true
	case c >= 0xe0:
		return int64(int8(c)), p, true
	case c&0xf0 == 0x80:
		return ptMPMap(b, p, int(c&0xf), depth)
	case c&0xf0 == 0x90:
		return ptMPArray(b, p, int(c&0xf), depth)
	case c&0xe0 == 0xa0:
		return ptMPStr(b, p, int(c&0x1f))
	}
	size := 1 << ((c - 0xc4) % 3) // the length's bytes, for bin, ext, str, array and map
	switch c {
	case 0xc0:
		return nil, p, true
	case 0xc2, 0xc3:
		return c == 0xc3, p, true
	case 0xc4, 0xc5, 0xc6:
		n, q, ok := ptMPLen(b, p, size)
		if !ok || n > len(b)-q {
			return nil, 0, false
		}
		return b[q : q+n], q + n, true
	case 0xc7, 0xc8, 0xc9:
		n, q, ok := ptMPLen(b, p, size)
		if !ok || q >= len(b) || n > len(b)-q-1 {
			return nil, 0, false
		}
		return ptMPExt{int8(b[q]), b[q+1 : q+1+n]}, q + 1 + n, true
	case 0xca:
		if len(b)-p < 4 {
			return nil, 0, false
		}
		return float64(math.Float32frombits(binary.BigEndian.Uint32(b[p:]))), p + 4, true
	case 0xcb:
		if len(b)-p < 8 {
			return nil, 0, false
		}
		return math.Float64frombits(binary.BigEndian.Uint64(b[p:])), p + 8, true
	case 0xcc, 0xcd, 0xce, 0xcf:
		n := 1 << (c - 0xcc)
		if len(b)-p < n {
			return nil, 0, false
		}
		var v uint64
		for _, x := range b[p : p+n] {
			v = v<<8 | uint64(x)
		}
		if v > math.MaxInt64 {
			return v, p + n, true
		}
		return int64(v), p + n, true
	case 0xd0, 0xd1, 0xd2, 0xd3:
		n := 1 << (c - 0xd0)
		if len(b)-p < n {
			return nil, 0, false
		}
		v := int64(int8(b[p]))
		for _, x := range b[p+1 : p+n] {
			v = v<<8 | int64(x)
		}
		return v, p + n, true
	case 0xd4, 0xd5, 0xd6, 0xd7, 0xd8:
		n := 1 << (c - 0xd4)
		if len(b)-p < 1+n {
			return nil, 0, false
		}
		return ptMPExt{int8(b[p]), b[p+1 : p+1+n]}, p + 1 + n, true
	case 0xd9, 0xda, 0xdb:
		n, q, ok := ptMPLen(b, p, 1<<(c-0xd9))
		if !ok {
			return nil, 0, false
		}
		return ptMPStr(b, q, n)
	case 0xdc, 0xdd:
		n, q, ok := ptMPLen(b, p, 2<<(c-0xdc))
		if !ok {
			return nil, 0, false
		}
		return ptMPArray(b, q, n, depth)
	case 0xde, 0xdf:
		n, q, ok := ptMPLen(b, p, 2<<(c-0xde))
		if !ok {
			return nil, 0, false
		}
		return ptMPMap(b, q, n, depth)
	}
	return nil, 0, false // 0xc1 is never used
}

// ptMPLen reads a big-endian length of size bytes at p.
func ptMPLen(b []byte, p, size int) (int, int, bool) {
	if len(b)-p < size {
		return 0, 0, false
	}
	n := 0
	for _, x := range b[p : p+size] {
		n = n<<8 | int(x)
	}
	return n, p + size, true
}

func ptMPStr(b []byte, p, n int) (any, int, bool) {
	if n > len(b)-p {
		return nil, 0, false
	}
	return string(b[p : p+n]), p + n, true
}

func ptMPArray(b []byte, p, n, depth int) (any, int, bool) {
	if n > len(b)-p { // each element takes a byte at least
		return nil, 0, false
	}
	a := make([]any, n)
	for i := range a {
		v, q, ok := ptMPDecode(b, p, depth+1)
		if !ok {
			return nil, 0, false
		}
		a[i], p = v, q
	}
	return a, p, true
}

func ptMPMap(b []byte, p, n, depth int) (any, int, bool) {
	if n > (len(b)-p)/2 {
		return nil, 0, false
	}
	m := make(map[string]any, n)
	for range n {
		k, q, ok := ptMPDecode(b, p, depth+1)
		ks, isStr := k.(string)
		if !ok || !isStr {
			return nil, 0, false
		}
		v, q, ok := ptMPDecode(b, q, depth+1)
		if !ok {
			return nil, 0, false
		}
		m[ks], p = v, q
	}
	return m, p, true
}

// ptFluent reads a stream of Fluentd forward protocol messages, as a
// fluentd or fluent-bit input does. Each is a MessagePack array (see
// ptMPDecode) of 2 to 4 elements: a tag (a nonempty UTF-8 str) and then,
// by the second element's kind,
//
//   - Message mode: [tag, time, record] or [tag, time, record, option];
//   - Forward mode: [tag, entries] or [tag, entries, option], the entries
//     an array of [time, record] arrays;
//   - PackedForward mode: [tag, packed] or [tag, packed, option], packed a
//     bin or str holding the entries one after another.
//
// A time is a nonnegative integer or float, or an EventTime (extension
// type 0 of 8 bytes: seconds and nanoseconds, big-endian, the
// nanoseconds below 1e9); a record is a map; an option a map whose
// "size", if there, is an integer equal to the number of entries,
// "chunk" a str and "compressed" "text" (gzip is not supported). Each
// message is decoded whole and then taken in; the stream stops at the
// first bad one.
//
// Bug: in the forward modes an entry's record is taken to be a map
// without checking (the message mode checks).
//
// Smallest "\x92\xa1\x00\x91\x92\x00\x00": [tag "\x00", [[0, 0]]].
// Argued: a forward entry needs the message's array, a tag of one byte at
// least (2 bytes), the entries' array and the entry's, and a time and a
// record of a byte each: 7 bytes (a packed entry needs as many: a str
// header instead of the entries' array). 0x92, an array of 2, is the
// least header that holds a tag and entries; 0xa1 "\x00" the least
// nonempty tag; 0x91 the least second element that reaches an entry
// (integers are a message's time, maps are refused, 0x90 has no
// entries, and 0xa1 for packed entries is more); 0x92 the only entry
// header; 0x00 the least time; and 0x00, an integer, the least record
// that is not a map.
func ptFluent(b []byte) int {
	events := 0
	for p := 0; p < len(b); {
		v, q, ok := ptMPDecode(b, p, 0)
		if !ok {
			return -1
		}
		p = q
		msg, ok := v.([]any)
		if !ok || len(msg) < 2 || len(msg) > 4 {
			return -1
		}
		tag, ok := msg[0].(string)
		if !ok || tag == "" || !utf8.ValidString(tag) {
			return -1
		}
		n, ok := ptFluentMessage(msg)
		if !ok {
			return -1
		}
		events += n
	}
	return events
}

// ptFluentMessage takes in one message and returns its number of events.
func ptFluentMessage(msg []any) (int, bool) {
	var entries []any
	switch e := msg[1].(type) {
	case []any:
		entries = e
	case []byte:
		entries = ptFluentPacked(e)
	case string:
		entries = ptFluentPacked([]byte(e))
	default: // message mode
		if len(msg) < 3 || !ptFluentTime(msg[1]) {
			return 0, false
		}
		rec, ok := msg[2].(map[string]any)
		if !ok || !ptFluentRecord(rec) {
			return 0, false
		}
		if len(msg) == 4 {
			return 1, ptFluentOption(msg[3], 1)
		}
		return 1, true
	}
	if entries == nil || len(msg) == 4 {
		return 0, false
	}
	for _, e := range entries {
		if !ptFluentEntry(e) {
			return 0, false
		}
	}
	if len(msg) == 3 {
		return len(entries), ptFluentOption(msg[2], len(entries))
	}
	return len(entries), true
}

// ptFluentPacked decodes packed entries, or returns nil if they are bad.
func ptFluentPacked(b []byte) []any {
	entries := []any{}
	for p := 0; p < len(b); {
		v, q, ok := ptMPDecode(b, p, 0)
		if !ok {
			return nil
		}
		entries, p = append(entries, v), q
	}
	return entries
}

// ptFluentEntry takes in a forward entry, [time, record].
func ptFluentEntry(e any) bool {
	ent, ok := e.([]any)
	if !ok || len(ent) != 2 || !ptFluentTime(ent[0]) {
		return false
	}
	rec := ent[1].(map[string]any) // BUG: the record may not be a map
	return ptFluentRecord(rec)
}

func ptFluentTime(v any) bool {
	switch t := v.(type) {
	case int64:
		return t >= 0
	case uint64:
		return true
	case float64:
		return t >= 0
	case ptMPExt:
		return t.typ == 0 && len(t.data) == 8 && binary.BigEndian.Uint32(t.data[4:]) < 1e9
	}
	return false
}

// ptFluentRecord checks the fields fluentd's filters look at.
func ptFluentRecord(rec map[string]any) bool {
	for _, k := range []string{"log", "message", "stream"} {
		if v, ok := rec[k]; ok {
			if _, isStr := v.(string); !isStr {
				return false
			}
		}
	}
	return true
}

func ptFluentOption(o any, n int) bool {
	m, ok := o.(map[string]any)
	if !ok {
		return false
	}
	if v, ok := m["size"]; ok && v != int64(n) {
		return false
	}
	if v, ok := m["chunk"]; ok {
		if _, isStr := v.(string); !isStr {
			return false
		}
	}
	if v, ok := m["compressed"]; ok && v != "text" {
		return false
	}
	return true
}

// ptMP writes MessagePack in the shortest forms, as encoders do.
type ptMP struct{ b []byte }

func (m *ptMP) head(n int, fix byte, lo byte, small int) {
	switch {
	case n < small:
		m.b = append(m.b, fix|byte(n))
	case lo == 0xd9 && n < 256:
		m.b = append(m.b, 0xd9, byte(n))
	case n < 1<<16:
		m.b = binary.BigEndian.AppendUint16(append(m.b, lo+1), uint16(n))
	default:
		m.b = binary.BigEndian.AppendUint32(append(m.b, lo+2), uint32(n))
	}
}

func (m *ptMP) str(s string) { m.head(len(s), 0xa0, 0xd9, 32); m.b = append(m.b, s...) }
func (m *ptMP) arr(n int)    { m.head(n, 0x90, 0xdb, 16) }
func (m *ptMP) mapn(n int)   { m.head(n, 0x80, 0xdd, 16) }

func (m *ptMP) bin(b []byte) {
	switch {
	case len(b) < 256:
		m.b = append(m.b, 0xc4, byte(len(b)))
	case len(b) < 1<<16:
		m.b = binary.BigEndian.AppendUint16(append(m.b, 0xc5), uint16(len(b)))
	default:
		m.b = binary.BigEndian.AppendUint32(append(m.b, 0xc6), uint32(len(b)))
	}
	m.b = append(m.b, b...)
}

func (m *ptMP) int(v int64) {
	switch {
	case v >= 0 && v < 128 || v < 0 && v >= -32:
		m.b = append(m.b, byte(v))
	case v >= 0 && v < 256:
		m.b = append(m.b, 0xcc, byte(v))
	case v >= 0 && v < 1<<16:
		m.b = binary.BigEndian.AppendUint16(append(m.b, 0xcd), uint16(v))
	case v >= 0 && v < 1<<32:
		m.b = binary.BigEndian.AppendUint32(append(m.b, 0xce), uint32(v))
	case v >= 0:
		m.b = binary.BigEndian.AppendUint64(append(m.b, 0xcf), uint64(v))
	case v >= -128:
		m.b = append(m.b, 0xd0, byte(v))
	case v >= -1<<15:
		m.b = binary.BigEndian.AppendUint16(append(m.b, 0xd1), uint16(v))
	case v >= -1<<31:
		m.b = binary.BigEndian.AppendUint32(append(m.b, 0xd2), uint32(v))
	default:
		m.b = binary.BigEndian.AppendUint64(append(m.b, 0xd3), uint64(v))
	}
}

func (m *ptMP) float(f float64) {
	m.b = binary.BigEndian.AppendUint64(append(m.b, 0xcb), math.Float64bits(f))
}

// eventTime writes an EventTime or, as older senders do, an integer.
func (m *ptMP) eventTime(r *rand.Rand, sec int64) {
	if r.IntN(4) == 0 {
		m.int(sec)
		return
	}
	m.b = append(m.b, 0xd7, 0)
	m.b = binary.BigEndian.AppendUint32(m.b, uint32(sec))
	m.b = binary.BigEndian.AppendUint32(m.b, uint32(r.IntN(1e9)))
}

// ptFluentRec writes a log record as the tail or docker inputs make
// them, with kubernetes metadata sometimes.
func ptFluentRec(r *rand.Rand, m *ptMP) {
	ip := fmt.Sprintf("10.%d.%d.%d", r.IntN(256), r.IntN(256), r.IntN(256))
	log := ppPick(r,
		ip+` - - [10/Oct/2023:13:55:`+strconv.Itoa(10+r.IntN(50))+` +0000] "`+ppPick(r, "GET", "POST", "PUT")+` /api/v1/`+ppWord(r, 3, 10)+` HTTP/1.1" `+ppPick(r, "200", "404", "500", "302")+" "+strconv.Itoa(r.IntN(90000))+` "-" "curl/8.1.2"`,
		`{"level":"`+ppPick(r, "info", "warn", "error")+`","msg":"`+ppText(r, 10+r.IntN(40), `"\`)+`"}`,
		"E1010 "+ppWord(r, 4, 10)+".go:"+strconv.Itoa(r.IntN(900))+"] "+ppText(r, 20+r.IntN(60), ""),
	)
	fields := 2 + r.IntN(4)
	kube := r.IntN(2) == 0
	if kube {
		fields++
	}
	m.mapn(fields)
	m.str("log")
	m.str(log)
	m.str("stream")
	m.str(ppPick(r, "stdout", "stderr"))
	for i := 2; i < fields-ptBtoi(kube); i++ {
		switch r.IntN(4) {
		case 0:
			m.str("time")
			m.str(fmt.Sprintf("2023-10-10T13:%02d:%02d.%09dZ", r.IntN(60), r.IntN(60), r.IntN(1e9)))
		case 1:
			m.str("status")
			m.int(int64(ppPick(r, 200, 201, 404, 500)))
		case 2:
			m.str("latency_ms")
			m.float(r.Float64() * 300)
		default:
			m.str(ppWord(r, 3, 10))
			m.str(ppText(r, r.IntN(30), ""))
		}
	}
	if kube {
		m.str("kubernetes")
		m.mapn(4)
		m.str("pod_name")
		m.str(ppWord(r, 4, 10) + "-" + ppWord(r, 5, 5) + "-" + ppWord(r, 5, 5))
		m.str("namespace_name")
		m.str(ppPick(r, "default", "kube-system", "prod"))
		m.str("container_name")
		m.str(ppWord(r, 3, 10))
		m.str("labels")
		m.mapn(2)
		m.str("app")
		m.str(ppWord(r, 3, 10))
		m.str("pod-template-hash")
		m.str(ppWord(r, 10, 10))
	}
}

func ptBtoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ptFluentBadRecord writes something that is not a map where a record
// goes: the log line alone, an array, nil or a number.
func ptFluentBadRecord(r *rand.Rand, m *ptMP) {
	switch r.IntN(4) {
	case 0:
		m.str(ppText(r, 10+r.IntN(80), ""))
	case 1:
		m.arr(2)
		m.str("log")
		m.str(ppText(r, 10+r.IntN(40), ""))
	case 2:
		m.b = append(m.b, 0xc0)
	default:
		m.int(int64(r.IntN(100000)))
	}
}

// genPtFluent writes what a fluent-bit forwarder sends: messages in the
// three modes, with kubernetes-style records, EventTimes and options;
// one forward or packed forward message has an entry whose record is not
// a map; then more messages and junk.
func genPtFluent(r *rand.Rand) []byte {
	var m ptMP
	sec := int64(1696946136 + r.IntN(1e6))
	n := 2 + r.IntN(6)
	bad := r.IntN(n)
	for i := range n {
		tag := ppPick(r, "kube.var.log.containers."+ppWord(r, 5, 20)+".log", "app."+ppWord(r, 3, 8), "syslog.auth", "docker."+ppWord(r, 12, 12))
		mode := r.IntN(3)
		if i == bad {
			mode = 1 + r.IntN(2)
		}
		option := r.IntN(2) == 0
		switch mode {
		case 0:
			m.arr(3 + ptBtoi(option))
			m.str(tag)
			m.eventTime(r, sec)
			ptFluentRec(r, &m)
			if option {
				m.mapn(1)
				m.str("chunk")
				m.str(ppWord(r, 22, 22) + "==")
			}
		default:
			k := 1 + r.IntN(5)
			badAt := -1
			if i == bad {
				badAt = r.IntN(k)
			}
			var e ptMP
			for j := range k {
				e.arr(2)
				e.eventTime(r, sec+int64(j))
				if j == badAt {
					ptFluentBadRecord(r, &e)
				} else {
					ptFluentRec(r, &e)
				}
			}
			m.arr(2 + ptBtoi(option))
			m.str(tag)
			if mode == 1 {
				m.arr(k)
				m.b = append(m.b, e.b...)
			} else {
				m.bin(e.b)
			}
			if option {
				m.mapn(2)
				m.str("size")
				m.int(int64(k))
				if mode == 2 {
					m.str("compressed")
					m.str("text")
				} else {
					m.str("chunk")
					m.str(ppWord(r, 22, 22) + "==")
				}
			}
		}
		sec += int64(r.IntN(5))
	}
	return append(m.b, ppBytes(r, r.IntN(200))...)
}

// ---- Standard MIDI File ----

// ptMIDIDataLen is the number of data bytes of the channel messages 0x8n
// to 0xEn: note off, note on, key pressure, control change, program
// change, channel pressure, pitch bend.
var ptMIDIDataLen = [7]int{2, 2, 2, 2, 1, 1, 2}

// ptMIDIMetaLen is the length of the meta events that have one.
var ptMIDIMetaLen = map[byte]int{0x2f: 0, 0x51: 3, 0x58: 4, 0x59: 2, 0x20: 1, 0x21: 1, 0x54: 5}

// ptMIDI reads a Standard MIDI File as a sequencer's importer does: the
// "MThd" chunk (a 32-bit big-endian length of at least 6, extra bytes
// skipped) with the format (0, 1 or 2), the number of tracks (at least
// 1, exactly 1 for format 0) and the division (ticks per quarter note,
// not 0, or with the high bit set an SMPTE frame rate of -24, -25, -29 or
// -30 and nonzero ticks per frame); then chunks up to the end of the
// file, each a type and a 32-bit length that must fit: "MTrk" chunks are
// tracks and other types are skipped; there must be as many tracks as
// the header says. A track is events, each a delta time (a variable
// length quantity of at most 4 bytes) and then a meta event (0xFF, a
// type, a VLQ length and data; End of Track, 0x2F, ends the track and
// must come; Set Tempo takes 3 bytes, Time Signature 4, Key Signature 2
// with -7 to 7 sharps and a major or minor flag, Sequence Number 0 or 2,
// Channel Prefix a channel below 16, Port 1, SMPTE Offset 5), a system
// exclusive event (0xF0 or 0xF7, a VLQ length and data) or a channel
// message (a status byte 0x80-0xEF and its data bytes, each below 0x80;
// a message may leave out its status byte if it is the last one seen,
// running status). Other status bytes are refused.
//
// Bug: a system exclusive event should cancel running status but is
// kept as the running status, so data bytes after it are read as a
// channel message with status 0xF0, past the table of data lengths.
//
// Smallest "MThd\x00\x00\x00\x06\x00\x00\x00\x01\x00\x01MTrk\x00\x00\x00\x05\x00\xf0\x00\x00\x00"
// (27 bytes): format 0, one track, one tick per quarter note; the track
// an empty system exclusive event at delta 0 and a data byte 0 at delta
// 0. Argued: the header chunk is 14 bytes at least, the track chunk's
// head 8, and the track a delta, 0xF0 or 0xF7, a length, a delta and a
// data byte: 5 bytes. Format 0 with its one track is least; division 0 is
// refused; 0xF0 is less than 0xF7; every other byte is the least it can
// be.
func ptMIDI(b []byte) int {
	if len(b) < 14 || string(b[:4]) != "MThd" {
		return -1
	}
	hl := int(binary.BigEndian.Uint32(b[4:]))
	if hl < 6 || hl > len(b)-8 {
		return -1
	}
	format, ntrks, div := binary.BigEndian.Uint16(b[8:]), int(binary.BigEndian.Uint16(b[10:])), binary.BigEndian.Uint16(b[12:])
	if format > 2 || ntrks == 0 || format == 0 && ntrks != 1 {
		return -1
	}
	if div&0x8000 != 0 {
		if fps := -int8(div >> 8); fps != 24 && fps != 25 && fps != 29 && fps != 30 || div&0xff == 0 {
			return -1
		}
	} else if div == 0 {
		return -1
	}
	tracks, events := 0, 0
	for p := 8 + hl; p < len(b); {
		if len(b)-p < 8 {
			return -1
		}
		id, n := string(b[p:p+4]), int(binary.BigEndian.Uint32(b[p+4:]))
		p += 8
		if n > len(b)-p {
			return -1
		}
		if id == "MTrk" {
			k, ok := ptMIDITrack(b[p : p+n])
			if !ok {
				return -1
			}
			tracks, events = tracks+1, events+k
		}
		p += n
	}
	if tracks != ntrks {
		return -1
	}
	return events
}

// ptMIDIVLQ reads a variable-length quantity at p.
func ptMIDIVLQ(t []byte, p int) (int, int, bool) {
	v := 0
	for i := 0; i < 4; i++ {
		if p >= len(t) {
			return 0, 0, false
		}
		c := t[p]
		p++
		v = v<<7 | int(c&0x7f)
		if c < 0x80 {
			return v, p, true
		}
	}
	return 0, 0, false
}

// ptMIDITrack reads a track's events and returns how many there are.
func ptMIDITrack(t []byte) (int, bool) {
	var running byte
	events := 0
	for p := 0; ; events++ {
		_, q, ok := ptMIDIVLQ(t, p)
		if !ok || q >= len(t) {
			return 0, false
		}
		p = q
		switch s := t[p]; {
		case s == 0xff:
			if len(t)-p < 2 {
				return 0, false
			}
			typ := t[p+1]
			n, q, ok := ptMIDIVLQ(t, p+2)
			if !ok || n > len(t)-q {
				return 0, false
			}
			d := t[q : q+n]
			p = q + n
			if k, ok := ptMIDIMetaLen[typ]; ok && n != k || typ == 0 && n != 0 && n != 2 {
				return 0, false
			}
			switch {
			case typ == 0x2f:
				return events + 1, true
			case typ == 0x59 && (int8(d[0]) < -7 || int8(d[0]) > 7 || d[1] > 1):
				return 0, false
			case typ == 0x20 && d[0] >= 16:
				return 0, false
			}
		case s == 0xf0 || s == 0xf7:
			n, q, ok := ptMIDIVLQ(t, p+1)
			if !ok || n > len(t)-q {
				return 0, false
			}
			p = q + n
			running = s // BUG: a system exclusive event cancels running status
		case s > 0xf0:
			return 0, false
		default:
			status := s
			if s < 0x80 {
				if running == 0 {
					return 0, false
				}
				status = running
			} else {
				running = s
				p++
			}
			n := ptMIDIDataLen[status>>4-8]
			if len(t)-p < n {
				return 0, false
			}
			for _, c := range t[p : p+n] {
				if c >= 0x80 {
					return 0, false
				}
			}
			p += n
		}
	}
}

// ptMIDIWriter writes a track with running status, as sequencers do.
type ptMIDIWriter struct {
	b       []byte
	running byte
}

func ptVLQ(b []byte, v int) []byte {
	var tmp []byte
	tmp = append(tmp, byte(v&0x7f))
	for v >>= 7; v > 0; v >>= 7 {
		tmp = append(tmp, byte(v&0x7f)|0x80)
	}
	slices.Reverse(tmp)
	return append(b, tmp...)
}

func (w *ptMIDIWriter) ev(delta int, status byte, data ...byte) {
	w.b = ptVLQ(w.b, delta)
	if status != w.running {
		w.b = append(w.b, status)
		w.running = status
	}
	w.b = append(w.b, data...)
}

func (w *ptMIDIWriter) meta(delta int, typ byte, data []byte) {
	w.b = ptVLQ(w.b, delta)
	w.b = ptVLQ(append(w.b, 0xff, typ), len(data))
	w.b = append(w.b, data...)
	w.running = 0
}

// sysex writes a system exclusive event; keep says the writer wrongly
// keeps its running status after it.
func (w *ptMIDIWriter) sysex(delta int, data []byte, keep bool) {
	w.b = ptVLQ(w.b, delta)
	w.b = ptVLQ(append(w.b, 0xf0), len(data))
	w.b = append(w.b, data...)
	if !keep {
		w.running = 0
	}
}

// genPtMIDI writes a format 1 song: a tempo track (name, time and key
// signatures, tempo changes, markers) and instrument tracks (name,
// program and controller changes, notes as note-ons with running status
// and velocity 0 for note off, pitch bends, a GM or GS reset); one
// instrument track's writer keeps running status across a system
// exclusive event in the middle of the track; sometimes a proprietary
// chunk; then junk.
func genPtMIDI(r *rand.Rand) []byte {
	ntr := 2 + r.IntN(5)
	bad := 1 + r.IntN(ntr-1)
	div := ppPick(r, 96, 120, 192, 384, 480, 960)
	var tracks [][]byte
	var t0 ptMIDIWriter
	t0.meta(0, 0x03, []byte(ppPick(r, "Tempo Track", "Conductor", ppWord(r, 4, 12))))
	t0.meta(0, 0x58, []byte{4, 2, 24, 8})
	t0.meta(0, 0x59, []byte{byte(int8(r.IntN(15) - 7)), byte(r.IntN(2))})
	t0.meta(0, 0x51, []byte{0x07, 0xa1, 0x20})
	for range r.IntN(5) {
		if r.IntN(2) == 0 {
			t0.meta(div*4*(1+r.IntN(8)), 0x06, []byte(ppPick(r, "Verse", "Chorus", "Bridge", "Intro", "Outro")))
		} else {
			us := 300000 + r.IntN(700000)
			t0.meta(div*4*(1+r.IntN(8)), 0x51, []byte{byte(us >> 16), byte(us >> 8), byte(us)})
		}
	}
	t0.meta(div, 0x2f, nil)
	tracks = append(tracks, t0.b)
	for k := 1; k < ntr; k++ {
		var w ptMIDIWriter
		ch := byte(k % 16)
		if r.IntN(4) == 0 {
			w.sysex(0, ppPick(r, []byte{0x7e, 0x7f, 0x09, 0x01, 0xf7}, []byte{0x41, 0x10, 0x42, 0x12, 0x40, 0x00, 0x7f, 0x00, 0x41, 0xf7}), false)
		}
		w.meta(0, 0x03, []byte(ppPick(r, "Piano", "Bass", "Strings", "Drums", "Lead", ppWord(r, 3, 10))))
		w.ev(0, 0xc0|ch, byte(r.IntN(128)))
		w.ev(0, 0xb0|ch, 7, byte(64+r.IntN(64)))
		w.ev(0, 0xb0|ch, 10, byte(r.IntN(128)))
		notes := 20 + r.IntN(80)
		at := -1
		if k == bad {
			at = r.IntN(notes)
		}
		for i := range notes {
			if i == at {
				if w.running == 0 {
					w.ev(0, 0x90|ch, 60, 0)
				}
				w.sysex(r.IntN(div), ppPick(r, []byte{0x7f, 0x7f, 0x04, 0x01, 0x00, byte(r.IntN(128)), 0xf7}, []byte{0x43, 0x10, 0x4c, 0x00, 0x00, 0x7e, 0x00, 0xf7}), true)
				data := make([]byte, ptMIDIDataLen[w.running>>4-8])
				for j := range data {
					data[j] = byte(r.IntN(128))
				}
				w.ev(r.IntN(div), w.running, data...) // the status is left out
			}
			n := byte(36 + r.IntN(48))
			switch r.IntN(12) {
			case 0:
				v := r.IntN(1 << 14)
				w.ev(r.IntN(div/4+1), 0xe0|ch, byte(v&0x7f), byte(v>>7))
			case 1:
				w.ev(r.IntN(div/4+1), 0xb0|ch, 64, byte(ppPick(r, 0, 127)))
			case 2:
				w.ev(0, 0xd0|ch, byte(r.IntN(128)))
			}
			w.ev(r.IntN(div), 0x90|ch, n, byte(40+r.IntN(88)))
			w.ev(div/4*(1+r.IntN(4)), 0x90|ch, n, 0)
		}
		w.meta(0, 0x2f, nil)
		tracks = append(tracks, w.b)
	}
	out := append([]byte("MThd"), be32(6)...)
	out = append(append(append(out, be16(1)...), be16(ntr)...), be16(div)...)
	for i, t := range tracks {
		if i > 0 && i <= bad && r.IntN(6) == 0 {
			junk := ppBytes(r, r.IntN(60))
			out = append(append(append(out, "XFIH"...), be32(len(junk))...), junk...)
		}
		out = append(append(append(out, "MTrk"...), be32(len(t))...), t...)
	}
	return append(out, ppBytes(r, r.IntN(200))...)
}

// ---- pcap capture down to IPv4 options ----

// ptPcap reads a libpcap capture file as a packet dissector does. The
// global header: the magic number 0xa1b2c3d4 (microsecond timestamps) or
// 0xa1b23c4d (nanoseconds), written in the file's byte order, which the
// rest of the headers use; version 2.4; the time zone and accuracy (not
// checked); the snapshot length (0 or more than 262144 is taken as
// 262144); the link type: 1 Ethernet, 101 raw IP, 113 Linux cooked (SLL)
// or 228 raw IPv4. Then records: seconds, the fraction (below 1e6 or
// 1e9), the captured length (at most the snapshot length and the
// original length) and the original length, then the captured bytes,
// which must be in the file. Each packet is dissected: Ethernet (with
// 802.1Q or 802.1ad tags) or SLL to the EtherType; IPv4 (0x0800), IPv6
// (0x86DD) and ARP (0x0806) are read, other types skipped. IPv4: version
// 4, a header length of 20 bytes or more that fits, a total length
// between it and the bytes captured, a valid header checksum, then the
// options (kinds 0, end, and 1, no-op, are one byte; the others have a
// length byte of at least 2 that must fit: record route and source
// routes a pointer of 4 or more and 4-byte slots, timestamp a length of
// 4 and a pointer of 5 or more, router alert and stream id 4 bytes),
// then, unless it is a fragment, TCP (a data offset that fits), UDP (a
// length that fits) or ICMP (8 bytes).
//
// Bug: the options are read by kind and length without checking that a
// kind other than end and no-op has a length byte after it.
//
// Smallest ptPcapSmallest (64 bytes): little-endian with nanoseconds;
// version 2.4, snapshot length 0, raw IP; one record at time 0 of 24
// bytes, original length 00 00 00 01; an IPv4 header of 24 bytes (total
// length 24), everything 0 but the options "\x02\x03\xb7\xe4": a kind 2
// option of length 3 and then kind 0xe4 in the last byte. Argued: the
// options need 4 bytes (a kind, alone at the end, takes its byte, and 4
// is the length's unit), the IPv4 header 24 then, the record header 16
// and the file header 24: 64 bytes; raw IP has no link header and its
// type 101 is less than 228. The magic's least first byte is 0x4d, the
// little-endian nanosecond magic; a snapshot length of 0 is taken; the
// least little-endian original length of at least 24 is 00 00 00 01. In
// the IPv4 header only the checksum and what follows it are not forced
// once the rest is at its least: the checksum, the source and the
// destination can all be 0 if the options make the sum come out, and
// the least options that end on a lone kind and make it are 02 03 b7
// e4 (a kind 2 option of length 3 holding 0xb7, then kind 0xe4); options
// starting with a no-op or a kind-2 option of length 2 cannot make the
// sum.
func ptPcap(b []byte) int {
	if len(b) < 24 {
		return -1
	}
	var bo binary.ByteOrder
	frac := uint32(1e6)
	switch string(b[:4]) {
	case "\xa1\xb2\xc3\xd4":
		bo = binary.BigEndian
	case "\xd4\xc3\xb2\xa1":
		bo = binary.LittleEndian
	case "\xa1\xb2\x3c\x4d":
		bo, frac = binary.BigEndian, 1e9
	case "\x4d\x3c\xb2\xa1":
		bo, frac = binary.LittleEndian, 1e9
	default:
		return -1
	}
	if bo.Uint16(b[4:]) != 2 || bo.Uint16(b[6:]) != 4 {
		return -1
	}
	snap := bo.Uint32(b[16:])
	if snap == 0 || snap > 262144 {
		snap = 262144
	}
	link := bo.Uint32(b[20:])
	if link != 1 && link != 101 && link != 113 && link != 228 {
		return -1
	}
	n := 0
	for p := 24; p < len(b); n++ {
		if len(b)-p < 16 {
			return -1
		}
		fr, incl, orig := bo.Uint32(b[p+4:]), bo.Uint32(b[p+8:]), bo.Uint32(b[p+12:])
		p += 16
		if fr >= frac || incl > snap || incl > orig || int(incl) > len(b)-p {
			return -1
		}
		if !ptPacket(link, b[p:p+int(incl)]) {
			return -1
		}
		p += int(incl)
	}
	return n
}

// ptPacket dissects one packet of the link type.
func ptPacket(link uint32, pkt []byte) bool {
	var et uint16
	switch link {
	case 1:
		if len(pkt) < 14 {
			return false
		}
		et, pkt = binary.BigEndian.Uint16(pkt[12:]), pkt[14:]
		for et == 0x8100 || et == 0x88a8 {
			if len(pkt) < 4 {
				return false
			}
			et, pkt = binary.BigEndian.Uint16(pkt[2:]), pkt[4:]
		}
	case 113:
		if len(pkt) < 16 {
			return false
		}
		et, pkt = binary.BigEndian.Uint16(pkt[14:]), pkt[16:]
	default: // raw IP
		if len(pkt) == 0 {
			return false
		}
		switch pkt[0] >> 4 {
		case 4:
			et = 0x0800
		case 6:
			if link == 228 {
				return false
			}
			et = 0x86dd
		default:
			return false
		}
	}
	switch et {
	case 0x0800:
		return ptIPv4(pkt)
	case 0x86dd:
		return len(pkt) >= 40 && pkt[0]>>4 == 6 && int(binary.BigEndian.Uint16(pkt[4:])) <= len(pkt)-40
	case 0x0806:
		return len(pkt) >= 8 && (binary.BigEndian.Uint16(pkt) != 1 || binary.BigEndian.Uint16(pkt[2:]) != 0x0800 || pkt[4] == 6 && pkt[5] == 4 && len(pkt) >= 28)
	}
	return true
}

// ptInetSum is the ones' complement sum of b's 16-bit words.
func ptInetSum(b []byte) uint16 {
	s := uint32(0)
	for i := 0; i+1 < len(b); i += 2 {
		s += uint32(b[i])<<8 | uint32(b[i+1])
	}
	if len(b)%2 == 1 {
		s += uint32(b[len(b)-1]) << 8
	}
	for s > 0xffff {
		s = s&0xffff + s>>16
	}
	return uint16(s)
}

func ptIPv4(pkt []byte) bool {
	if len(pkt) < 20 || pkt[0]>>4 != 4 {
		return false
	}
	ihl := int(pkt[0]&0xf) * 4
	total := int(binary.BigEndian.Uint16(pkt[2:]))
	if ihl < 20 || ihl > len(pkt) || total < ihl || total > len(pkt) || ptInetSum(pkt[:ihl]) != 0xffff {
		return false
	}
	if !ptIPv4Options(pkt[20:ihl]) {
		return false
	}
	if binary.BigEndian.Uint16(pkt[6:])&0x3fff != 0 { // a fragment: not reassembled
		return true
	}
	payload := pkt[ihl:total]
	switch pkt[9] {
	case 6:
		return len(payload) >= 20 && int(payload[12]>>4)*4 >= 20 && int(payload[12]>>4)*4 <= len(payload)
	case 17:
		return len(payload) >= 8 && int(binary.BigEndian.Uint16(payload[4:])) >= 8 && int(binary.BigEndian.Uint16(payload[4:])) <= len(payload)
	case 1:
		return len(payload) >= 8
	}
	return true
}

// ptIPv4Options checks an IPv4 header's options.
func ptIPv4Options(opts []byte) bool {
	for i := 0; i < len(opts); {
		switch kind := opts[i]; kind {
		case 0:
			return true
		case 1:
			i++
		default:
			l := int(opts[i+1]) // BUG: the kind may be the last byte
			if l < 2 || l > len(opts)-i {
				return false
			}
			switch kind {
			case 0x07, 0x83, 0x89: // record route, loose and strict source route
				if l < 3 || (l-3)%4 != 0 || opts[i+2] < 4 {
					return false
				}
			case 0x44: // timestamp
				if l < 4 || opts[i+2] < 5 {
					return false
				}
			case 0x94, 0x88: // router alert, stream id
				if l != 4 {
					return false
				}
			}
			i += l
		}
	}
	return true
}

var ptPcapSmallest = "\x4d\x3c\xb2\xa1\x02\x00\x04\x00" + strings.Repeat("\x00", 12) + "\x65\x00\x00\x00" + // file header
	strings.Repeat("\x00", 8) + "\x18\x00\x00\x00\x00\x00\x00\x01" + // record header
	"\x46\x00\x00\x18" + strings.Repeat("\x00", 16) + "\x02\x03\xb7\xe4" // IPv4

// ptIPv4Packet makes an IPv4 packet with a valid header checksum.
func ptIPv4Packet(r *rand.Rand, proto byte, opts, payload []byte, src, dst []byte) []byte {
	h := []byte{0x45 + byte(len(opts)/4), byte(ppPick(r, 0, 0, 0x10, 0xb8)), 0, 0, byte(r.IntN(256)), byte(r.IntN(256)), 0x40, 0, byte(ppPick(r, 64, 128, 255, 1)), proto, 0, 0}
	binary.BigEndian.PutUint16(h[2:], uint16(20+len(opts)+len(payload)))
	h = append(append(append(h, src...), dst...), opts...)
	binary.BigEndian.PutUint16(h[10:], ^ptInetSum(h))
	return append(h, payload...)
}

func ptAddr4(r *rand.Rand) []byte {
	return ppPick(r, []byte{192, 168, 1, byte(1 + r.IntN(254))}, []byte{10, 0, byte(r.IntN(4)), byte(1 + r.IntN(254))}, []byte{byte(1 + r.IntN(223)), byte(r.IntN(256)), byte(r.IntN(256)), byte(1 + r.IntN(254))})
}

// ptDNSQuery is a UDP datagram with a DNS query.
func ptDNSQuery(r *rand.Rand) []byte {
	q := []byte{byte(r.IntN(256)), byte(r.IntN(256)), 1, 0, 0, 1, 0, 0, 0, 0, 0, 0}
	for _, l := range []string{ppPick(r, "www", "api", "mail", "cdn"), ppWord(r, 3, 12), ppPick(r, "com", "org", "net", "io")} {
		q = append(append(q, byte(len(l))), l...)
	}
	q = append(q, 0, 0, byte(ppPick(r, 1, 28, 15)), 0, 1)
	u := binary.BigEndian.AppendUint16(nil, uint16(1024+r.IntN(60000)))
	u = append(u, 0, 53)
	u = binary.BigEndian.AppendUint16(u, uint16(8+len(q)))
	u = append(u, byte(r.IntN(256)), byte(r.IntN(256)))
	return append(u, q...)
}

// ptTCPSegment is a TCP segment, with timestamps and an HTTP request
// sometimes.
func ptTCPSegment(r *rand.Rand) []byte {
	t := binary.BigEndian.AppendUint16(nil, uint16(1024+r.IntN(60000)))
	t = binary.BigEndian.AppendUint16(t, uint16(ppPick(r, 80, 443, 22, 8080)))
	t = append(t, ppBytes(r, 8)...)
	opts := r.IntN(2) == 0
	off := byte(5)
	if opts {
		off = 8
	}
	t = append(t, off<<4, byte(ppPick(r, 0x02, 0x10, 0x18, 0x11)))
	t = append(t, ppBytes(r, 6)...)
	if opts {
		t = append(append(t, 1, 1, 8, 10), ppBytes(r, 8)...)
	}
	if r.IntN(2) == 0 {
		t = append(t, "GET /"+ppWord(r, 0, 20)+" HTTP/1.1\r\nHost: "+ppWord(r, 3, 10)+".com\r\nAccept: */*\r\n\r\n"...)
	}
	return t
}

// ptNetPacket makes a packet of another kind and returns its EtherType.
func ptNetPacket(r *rand.Rand, ipOnly bool) ([]byte, uint16) {
	k := r.IntN(10)
	if ipOnly && k == 9 {
		k = 0
	}
	switch {
	case k < 4:
		return ptIPv4Packet(r, 6, nil, ptTCPSegment(r), ptAddr4(r), ptAddr4(r)), 0x0800
	case k < 6:
		return ptIPv4Packet(r, 17, nil, ptDNSQuery(r), ptAddr4(r), ptAddr4(r)), 0x0800
	case k < 7:
		icmp := append([]byte{8, 0, 0, 0}, ppBytes(r, 4+r.IntN(56))...)
		return ptIPv4Packet(r, 1, nil, icmp, ptAddr4(r), ptAddr4(r)), 0x0800
	case k < 9:
		pl := append([]byte{128, 0, 0, 0}, ppBytes(r, 4+r.IntN(56))...)
		h := []byte{0x60, 0, 0, 0, 0, 0, 58, 64}
		binary.BigEndian.PutUint16(h[4:], uint16(len(pl)))
		h = append(append(h, 0xfe, 0x80), ppBytes(r, 30)...)
		return append(h, pl...), 0x86dd
	}
	a := []byte{0, 1, 8, 0, 6, 4, 0, 1}
	a = append(append(append(a, ppBytes(r, 6)...), ptAddr4(r)...), make([]byte, 6)...)
	return append(a, ptAddr4(r)...), 0x0806
}

// ptBadIPv4 is an IPv4 packet (IGMP or UDP) whose options end on a kind
// with no length.
func ptBadIPv4(r *rand.Rand) []byte {
	kind := ppPick[byte](r, 0x07, 0x44, 0x83, 0x89, 0x94, 0x88, 0x82, byte(2+r.IntN(254)))
	var opts []byte
	switch r.IntN(4) {
	case 0:
		opts = []byte{1, 1, 1, kind}
	case 1:
		opts = []byte{0x94, 4, 0, 0, 1, 1, 1, kind}
	case 2:
		opts = []byte{0x07, 7, 4, 0, 0, 0, 0, kind}
	default:
		opts = []byte{0x44, 8, 5, 0, byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), 1, 1, 1, kind}
	}
	if r.IntN(2) == 0 {
		igmp := []byte{0x16, 0, 0, 0, 239, byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256))}
		return ptIPv4Packet(r, 2, opts, igmp, ptAddr4(r), igmp[4:])
	}
	return ptIPv4Packet(r, 17, opts, ptDNSQuery(r), ptAddr4(r), ptAddr4(r))
}

// genPtPcap writes a capture (mostly little-endian with microseconds, on
// Ethernet, sometimes Linux cooked or raw IP) of TCP with HTTP, DNS
// queries, pings, ICMPv6 and ARP, one IPv4 packet of which (IGMP with a
// router alert, or UDP) has options that end on a lone kind; then junk.
func genPtPcap(r *rand.Rand) []byte {
	var bo ptByteOrder = binary.LittleEndian
	if r.IntN(5) == 0 {
		bo = binary.BigEndian
	}
	magic, frac := uint32(0xa1b2c3d4), 1000000
	if r.IntN(4) == 0 {
		magic, frac = 0xa1b23c4d, 1000000000
	}
	link := ppPick(r, 1, 1, 1, 113, 101)
	out := bo.AppendUint32(nil, magic)
	out = bo.AppendUint16(out, 2)
	out = bo.AppendUint16(out, 4)
	out = append(out, make([]byte, 8)...)
	out = bo.AppendUint32(out, uint32(ppPick(r, 65535, 262144)))
	out = bo.AppendUint32(out, uint32(link))
	sec, fr := 1700000000+r.IntN(1e7), r.IntN(frac)
	n := 5 + r.IntN(25)
	bad := r.IntN(n)
	for i := range n {
		var pkt []byte
		et := uint16(0x0800)
		if i == bad {
			pkt = ptBadIPv4(r)
		} else {
			pkt, et = ptNetPacket(r, link == 101)
		}
		switch link {
		case 1:
			eth := ppBytes(r, 12)
			if r.IntN(6) == 0 {
				eth = append(eth, 0x81, 0, byte(r.IntN(16)), byte(r.IntN(256)))
			}
			pkt = append(binary.BigEndian.AppendUint16(eth, et), pkt...)
		case 113:
			sll := []byte{0, byte(ppPick(r, 0, 4)), 0, 1, 0, 6}
			sll = append(append(sll, ppBytes(r, 6)...), 0, 0)
			pkt = append(binary.BigEndian.AppendUint16(sll, et), pkt...)
		}
		fr += r.IntN(frac / 10)
		if fr >= frac {
			sec, fr = sec+1, fr-frac
		}
		out = bo.AppendUint32(out, uint32(sec))
		out = bo.AppendUint32(out, uint32(fr))
		out = bo.AppendUint32(out, uint32(len(pkt)))
		out = bo.AppendUint32(out, uint32(len(pkt)))
		out = append(out, pkt...)
	}
	return append(out, ppBytes(r, r.IntN(100))...)
}

// ---- BMP with run-length encoded pixels ----

// ptBMP reads a Windows bitmap as a streaming thumbnailer does, a row at
// a time. The file header: "BM", the file size and two reserved words
// (not checked) and the offset of the pixels. The info header: its size
// (12 for the OS/2 core header, with 16-bit sizes and 3-byte palette
// entries and no compression; 40, 52, 56, 108 or 124), the width (at
// least 1), the height (not 0; negative for top-down rows), one plane,
// the bits per pixel (1, 4, 8, 16, 24 or 32), the compression (0 none, 1
// RLE8 with 8 bits, 2 RLE4 with 4 bits, both bottom-up, 3 bit fields with
// 16 or 32 bits, whose three masks follow a 40-byte header), the image
// size (for RLE, if not 0, the encoded bytes), the resolution, the
// colors used (0 for all 2^bits; at most that many; a palette of that
// many 4-byte entries follows the header) and the important colors (not
// checked). The image is at most 2^16 pixels wide and has at most 2^28
// pixels. The pixels start at the offset, which may not be inside the
// headers or the palette; uncompressed rows are padded to 4 bytes and
// must all be there. RLE data is pairs: a count and a color (for RLE4
// two, alternating) for that many pixels, which must fit in the row; or
// 0 and an escape: 0 end of line, 1 end of bitmap (which must come), 2 a
// delta (2 more bytes, right and up, staying in the image), or 3 to 255
// an absolute run of that many pixels (bytes, or nibbles for RLE4)
// padded to 16 bits. Every pixel must be in the palette.
//
// Bug: an absolute run is not checked against the row's end, and its
// pixels are written past the row.
//
// Smallest ptBMPSmallest (62 bytes): "BM", eight zeros and the offset 58;
// a 40-byte header, width 1, height 00 00 00 01 (2^24, little-endian), one
// plane, 4 bits, RLE4 (2), image size 0, resolution 0, one color used;
// the palette entry 00 00 00 00; then 00 03 00 00, an absolute run of 3
// pixels of color 0 in a 1-pixel row. Argued: only an absolute run, of 3
// pixels at least, fails, so the row must be at most 2 pixels wide,
// least 1; RLE4 packs its 3 pixels and the padding in 2 bytes, where RLE8
// needs 4, and 4 bits, before the compression, is also less than 8; 14 +
// 40 header bytes, the palette of one color (0 colors used means 16) and
// 4 bytes of pixels: 62. The height's least little-endian bytes that are
// positive and keep the image under 2^28 pixels are 00 00 00 01; the
// colors used 01 00 00 00 (00 01 00 00 is more than 16); the offset must
// be 58; the rest are zeros.
func ptBMP(b []byte) int {
	if len(b) < 18 || b[0] != 'B' || b[1] != 'M' {
		return -1
	}
	le := binary.LittleEndian
	off, hsz := uint64(le.Uint32(b[10:])), int(le.Uint32(b[14:]))
	var w, h int64
	var bpp, comp, clrUsed, sizeImage int
	palEntry := 4
	switch hsz {
	case 12:
		if len(b) < 26 || le.Uint16(b[22:]) != 1 {
			return -1
		}
		w, h, bpp, palEntry = int64(le.Uint16(b[18:])), int64(le.Uint16(b[20:])), int(le.Uint16(b[24:])), 3
	case 40, 52, 56, 108, 124:
		if len(b) < 14+hsz || le.Uint16(b[26:]) != 1 {
			return -1
		}
		w, h = int64(int32(le.Uint32(b[18:]))), int64(int32(le.Uint32(b[22:])))
		bpp, comp, sizeImage, clrUsed = int(le.Uint16(b[28:])), int(le.Uint32(b[30:])), int(le.Uint32(b[34:])), int(le.Uint32(b[46:]))
	default:
		return -1
	}
	topDown := h < 0
	if topDown {
		h = -h
	}
	if w < 1 || w > 1<<16 || h == 0 || w*h > 1<<28 {
		return -1
	}
	switch {
	case comp == 0 && slices.Contains([]int{1, 4, 8, 16, 24, 32}, bpp):
	case comp == 1 && bpp == 8 && !topDown, comp == 2 && bpp == 4 && !topDown:
	case comp == 3 && (bpp == 16 || bpp == 32):
	default:
		return -1
	}
	ncolors := clrUsed
	if bpp <= 8 {
		if ncolors == 0 {
			ncolors = 1 << bpp
		}
		if ncolors > 1<<bpp {
			return -1
		}
	} else if ncolors > 256 {
		return -1
	}
	palStart := 14 + hsz
	if comp == 3 && hsz == 40 {
		palStart += 12
	}
	if uint64(palStart+palEntry*ncolors) > off || off > uint64(len(b)) {
		return -1
	}
	data := b[off:]
	switch comp {
	case 1, 2:
		if sizeImage != 0 {
			if sizeImage > len(data) {
				return -1
			}
			data = data[:sizeImage]
		}
		if !ptBMPRLE(data, int(w), int(h), comp == 2, ncolors) {
			return -1
		}
	default:
		stride := (w*int64(bpp) + 31) / 32 * 4
		if stride*h > int64(len(data)) {
			return -1
		}
		if bpp <= 8 {
			for y := range h {
				row := data[int64(y)*stride:]
				for x := range w {
					bit := x * int64(bpp)
					v := int(row[bit/8]>>(8-bpp-int(bit%8))) & (1<<bpp - 1)
					if v >= ncolors {
						return -1
					}
				}
			}
		}
	}
	return int(w * h)
}

// ptBMPRLE decodes RLE8 or RLE4 data into rows of w pixels, one at a
// time.
func ptBMPRLE(data []byte, w, h int, nibbles bool, ncolors int) bool {
	row := make([]byte, w)
	x, y := 0, 0
	pixel := func(src []byte, i int) int { // the i'th pixel of src
		if nibbles {
			return int(src[i/2]>>(4-4*(i%2))) & 0xf
		}
		return int(src[i])
	}
	for p := 0; ; {
		if len(data)-p < 2 {
			return false // no end of bitmap
		}
		n, c := int(data[p]), data[p+1]
		p += 2
		if n > 0 {
			if y >= h || x+n > w {
				return false
			}
			for i := range n {
				v := int(c)
				if nibbles {
					v = int(c>>(4-4*(i%2))) & 0xf
				}
				if v >= ncolors {
					return false
				}
				row[x] = byte(v)
				x++
			}
			continue
		}
		switch c {
		case 0: // end of line
			y, x = y+1, 0
			clear(row)
			if y > h {
				return false
			}
		case 1: // end of bitmap
			return true
		case 2: // delta
			if len(data)-p < 2 {
				return false
			}
			dx, dy := int(data[p]), int(data[p+1])
			p += 2
			if x+dx > w || y+dy >= h {
				return false
			}
			if dy > 0 {
				clear(row)
			}
			x, y = x+dx, y+dy
		default: // absolute run
			n := int(c)
			nb := n
			if nibbles {
				nb = (n + 1) / 2
			}
			if len(data)-p < nb+nb%2 || y >= h {
				return false
			}
			for i := range n {
				v := pixel(data[p:], i)
				if v >= ncolors {
					return false
				}
				row[x] = byte(v) // BUG: the run may pass the row's end
				x++
			}
			p += nb + nb%2
		}
	}
}

var ptBMPSmallest = "BM" + strings.Repeat("\x00", 8) + "\x3a\x00\x00\x00" + // file header
	"\x28\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x01\x01\x00\x04\x00\x02\x00\x00\x00" + strings.Repeat("\x00", 12) + "\x01\x00\x00\x00\x00\x00\x00\x00" + // info header
	"\x00\x00\x00\x00" + "\x00\x03\x00\x00" // palette, pixels

// ptBMPRLERow encodes a row: runs of 3 or more as counts, stretches of
// differing pixels as absolute runs (short ones as counts of 1 or 2).
// If extra is not nil the row ends with an absolute run of its last
// pixels and extra, which passes the row's end.
func ptBMPRLERow(r *rand.Rand, out, row []byte, nibbles bool, extra []byte) []byte {
	color := func(c byte) byte {
		if nibbles {
			return c<<4 | c
		}
		return c
	}
	absolute := func(px []byte) {
		out = append(out, 0, byte(len(px)))
		var enc []byte
		if nibbles {
			for i := 0; i < len(px); i += 2 {
				v := px[i] << 4
				if i+1 < len(px) {
					v |= px[i+1]
				}
				enc = append(enc, v)
			}
		} else {
			enc = slices.Clone(px)
		}
		if len(enc)%2 == 1 {
			enc = append(enc, 0)
		}
		out = append(out, enc...)
	}
	end := len(row)
	if extra != nil {
		k := max(1, 3-len(extra)) + r.IntN(4)
		end = max(0, len(row)-k)
	}
	x := 0
	if r.IntN(8) == 0 && end > 4 { // a skipped stretch
		dx := 1 + r.IntN(end/2)
		out = append(out, 0, 2, byte(dx), 0)
		x = dx
	}
	for x < end {
		j := x
		for j < end && row[j] == row[x] && j-x < 255 {
			j++
		}
		if j-x >= 3 || end-x < 3 {
			out = append(out, byte(j-x), color(row[x]))
			x = j
			continue
		}
		k := x
		for k < end && k-x < 255 && (k+2 >= end || row[k] != row[k+1] || row[k] != row[k+2]) {
			k++
		}
		if k-x < 3 {
			for ; x < k; x++ {
				out = append(out, 1, color(row[x]))
			}
			continue
		}
		absolute(row[x:k])
		x = k
	}
	if extra != nil {
		absolute(append(slices.Clone(row[end:]), extra...))
	}
	return out
}

// genPtBMP writes a bottom-up RLE8 or RLE4 bitmap (a 40- or 124-byte
// header, a full or partial palette) of bands, gradients and noise; one
// row's encoder writes its last absolute run past the row's end; then
// junk.
func genPtBMP(r *rand.Rand) []byte {
	nibbles := r.IntN(3) == 0
	bpp, comp := 8, 1
	if nibbles {
		bpp, comp = 4, 2
	}
	w, h := 16+r.IntN(80), 8+r.IntN(40)
	ncolors, clrUsed := 1<<bpp, 0
	if r.IntN(2) == 0 {
		ncolors = 2 + r.IntN(1<<bpp-1)
		clrUsed = ncolors
	}
	bad := r.IntN(h)
	var data []byte
	for y := range h {
		row := make([]byte, w)
		switch r.IntN(3) {
		case 0: // bands
			for x := 0; x < w; {
				c, n := byte(r.IntN(ncolors)), 1+r.IntN(20)
				for ; n > 0 && x < w; n, x = n-1, x+1 {
					row[x] = c
				}
			}
		case 1: // a gradient
			for x := range row {
				row[x] = byte((x*ncolors/w + y) % ncolors)
			}
		default: // noise over a background
			bg := byte(r.IntN(ncolors))
			for x := range row {
				row[x] = bg
				if r.IntN(3) == 0 {
					row[x] = byte(r.IntN(ncolors))
				}
			}
		}
		var extra []byte
		if y == bad {
			extra = make([]byte, 1+r.IntN(8))
			for i := range extra {
				extra[i] = byte(r.IntN(ncolors))
			}
		}
		data = append(ptBMPRLERow(r, data, row, nibbles, extra), 0, 0)
	}
	data = append(data, 0, 1)
	hsz := ppPick(r, 40, 40, 124)
	out := []byte("BM")
	off := 14 + hsz + 4*ncolors
	out = ptLE32(out, off+len(data))
	out = ptLE32(out, 0)
	out = ptLE32(out, off)
	out = ptLE32(out, hsz)
	out = ptLE32(out, w)
	out = ptLE32(out, h)
	out = binary.LittleEndian.AppendUint16(out, 1)
	out = binary.LittleEndian.AppendUint16(out, uint16(bpp))
	out = ptLE32(out, comp)
	out = ptLE32(out, len(data))
	out = ptLE32(out, 2835)
	out = ptLE32(out, 2835)
	out = ptLE32(out, clrUsed)
	out = ptLE32(out, 0)
	if hsz == 124 {
		out = append(out, make([]byte, 16)...)
		out = append(out, "BGRs"...)
		out = append(out, make([]byte, 64)...)
	}
	for range ncolors {
		out = append(out, byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), 0)
	}
	out = append(out, data...)
	return append(out, ppBytes(r, r.IntN(200))...)
}

func ptLE32(out []byte, v int) []byte { return binary.LittleEndian.AppendUint32(out, uint32(v)) }

// ---- QOI image ----

const ptQOIMaxPixels = 1 << 20

// ptQOIHash is a pixel's place in the index of recent colors.
func ptQOIHash(px [4]byte) int {
	return (int(px[0])*3 + int(px[1])*5 + int(px[2])*7 + int(px[3])*11) % 64
}

// ptQOI decodes a QOI image as an image library does: "qoif", the width
// and height (32-bit big-endian, neither 0, at most 2^20 pixels, as the
// library allows), the channels (3 or 4) and the color space (0 or 1);
// the file must end in the 8-byte end marker (7 zeros and a 1), and the
// chunks between must give all the pixels: QOI_OP_RGB (0xfe and 3 bytes),
// QOI_OP_RGBA (0xff and 4), QOI_OP_INDEX (00xxxxxx: the index of recent
// colors), QOI_OP_DIFF (01drdgdb, each -2 to 1), QOI_OP_LUMA (10 and the
// green difference in 6 bits, then a byte of the red and blue ones
// against it in 4 bits each), QOI_OP_RUN (11 and the run length less 1
// in 6 bits, 1 to 62 pixels of the previous color). Bytes after the last
// pixel's chunk up to the end marker are ignored.
//
// Bug: a run is checked against the pixels left by its stored value,
// one less than the pixels it stands for, so a run one too long for the
// image is written past its end.
//
// Smallest "qoif\x00\x00\x00\x01\x00\x00\x00\x01\x03\x00\xc1\x00\x00\x00\x00\x00\x00\x00\x01"
// (23 bytes): a 1x1 RGB image whose one chunk is a run of 2 (0xc1), then
// the end marker. Argued: the header is 14 bytes and the end marker 8,
// and one chunk can fail: a run whose stored value is exactly the pixels
// left. The least nonzero size is 1x1, 3 channels and color space 0 are
// least, and then the only failing chunk is 0xc1.
func ptQOI(b []byte) int {
	if len(b) < 22 || string(b[:4]) != "qoif" || string(b[len(b)-8:]) != "\x00\x00\x00\x00\x00\x00\x00\x01" {
		return -1
	}
	w, h := uint64(binary.BigEndian.Uint32(b[4:])), uint64(binary.BigEndian.Uint32(b[8:]))
	if w == 0 || h == 0 || w*h > ptQOIMaxPixels || b[12] < 3 || b[12] > 4 || b[13] > 1 {
		return -1
	}
	n := int(w * h)
	pix := make([]byte, 4*n)
	var index [64][4]byte
	px := [4]byte{0, 0, 0, 255}
	end := len(b) - 8
	for p, pos := 14, 0; pos < n; {
		if p >= end {
			return -1
		}
		op := b[p]
		p++
		switch {
		case op == 0xfe:
			if end-p < 3 {
				return -1
			}
			copy(px[:3], b[p:])
			p += 3
		case op == 0xff:
			if end-p < 4 {
				return -1
			}
			copy(px[:], b[p:])
			p += 4
		case op>>6 == 0:
			px = index[op]
		case op>>6 == 1:
			px[0] += op>>4&3 - 2
			px[1] += op>>2&3 - 2
			px[2] += op&3 - 2
		case op>>6 == 2:
			if p >= end {
				return -1
			}
			dg := op&0x3f - 32
			px[0] += dg - 8 + b[p]>>4
			px[1] += dg
			px[2] += dg - 8 + b[p]&0xf
			p++
		default:
			run := int(op & 0x3f)
			if pos+run > n { // BUG: the run is run+1 pixels
				return -1
			}
			for range run {
				copy(pix[4*pos:4*pos+4], px[:])
				pos++
			}
		}
		index[ptQOIHash(px)] = px
		copy(pix[4*pos:4*pos+4], px[:])
		pos++
	}
	return n
}

// ptQOIEncode encodes pixels as the reference encoder does, but for its
// last run, which it writes with its length rather than its length less
// one.
func ptQOIEncode(pix [][4]byte) []byte {
	var out []byte
	var index [64][4]byte
	prev := [4]byte{0, 0, 0, 255}
	run := 0
	for i, px := range pix {
		if px == prev {
			run++
			switch {
			case i == len(pix)-1:
				out = append(out, 0xc0|byte(run))
				run = 0
			case run == 62:
				out = append(out, 0xc0|byte(run-1))
				run = 0
			}
			continue
		}
		if run > 0 {
			out = append(out, 0xc0|byte(run-1))
			run = 0
		}
		h := ptQOIHash(px)
		switch {
		case index[h] == px:
			out = append(out, byte(h))
		case px[3] != prev[3]:
			index[h] = px
			out = append(out, 0xff, px[0], px[1], px[2], px[3])
		default:
			index[h] = px
			dr, dg, db := int8(px[0]-prev[0]), int8(px[1]-prev[1]), int8(px[2]-prev[2])
			drg, dbg := dr-dg, db-dg
			switch {
			case dr >= -2 && dr <= 1 && dg >= -2 && dg <= 1 && db >= -2 && db <= 1:
				out = append(out, 0x40|byte(dr+2)<<4|byte(dg+2)<<2|byte(db+2))
			case dg >= -32 && dg <= 31 && drg >= -8 && drg <= 7 && dbg >= -8 && dbg <= 7:
				out = append(out, 0x80|byte(dg+32), byte(drg+8)<<4|byte(dbg+8))
			default:
				out = append(out, 0xfe, px[0], px[1], px[2])
			}
		}
		prev = px
	}
	return out
}

// genPtQOI writes a QOI image (gradients, flat areas, noise, sometimes
// transparency) whose encoder ends it with a run one too long, then
// junk before the end marker.
func genPtQOI(r *rand.Rand) []byte {
	w, h := 16+r.IntN(48), 8+r.IntN(30)
	ch := byte(3 + r.IntN(2))
	pix := make([][4]byte, w*h)
	base := [4]byte{byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), 255}
	for i := range pix {
		x, y := i%w, i/w
		px := base
		switch (x/8 + y/4 + i/97) % 4 {
		case 0: // a gradient
			px[0] += byte(x * 2)
			px[1] += byte(y * 3)
		case 1: // flat
		case 2: // noise
			px[0] += byte(r.IntN(5))
			px[1] += byte(r.IntN(40))
			px[2] += byte(r.IntN(9))
		default:
			px = [4]byte{byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), 255}
		}
		if ch == 4 && r.IntN(20) == 0 {
			px[3] = byte(r.IntN(256))
		}
		pix[i] = px
	}
	// The image ends with a flat stretch: a pixel and 1 to 61 copies.
	k := 1 + r.IntN(min(61, len(pix)-2))
	last := [4]byte{byte(r.IntN(256)), byte(r.IntN(256)), byte(r.IntN(256)), 255}
	if last == pix[len(pix)-k-2] {
		last[0]++
	}
	for i := len(pix) - k - 1; i < len(pix); i++ {
		pix[i] = last
	}
	out := []byte("qoif")
	out = binary.BigEndian.AppendUint32(out, uint32(w))
	out = binary.BigEndian.AppendUint32(out, uint32(h))
	out = append(out, ch, byte(r.IntN(2)))
	out = append(out, ptQOIEncode(pix)...)
	out = append(out, ppBytes(r, r.IntN(100))...)
	return append(out, "\x00\x00\x00\x00\x00\x00\x00\x01"...)
}

// ---- Redis request stream ----

const ptRESPMaxString = 1 << 20

// ptRESPArity is each command's arity, Redis style: n is exactly n
// arguments with the name, -n at least n.
var ptRESPArity = map[string]int{
	"PING": -1, "ECHO": 2, "SET": -3, "GET": 2, "GETSET": 3, "DEL": -2, "EXISTS": -2,
	"APPEND": 3, "STRLEN": 2, "INCR": 2, "DECR": 2, "INCRBY": 3, "DECRBY": 3,
	"GETRANGE": 4, "SUBSTR": 4, "SETRANGE": 4, "MSET": -3, "MGET": -2, "TYPE": 2,
	"RENAME": 3, "FLUSHDB": -1, "SELECT": 2,
}

// ptRESP serves a client's request stream as Redis does, on a store of
// strings. Requests are multibulk ("*" and a count, CRLF, then that many
// "$" length CRLF data CRLF; Redis finds each line's end by its CR and
// skips the two bytes after it and after the data without looking at
// them; a count up to 1048576, 0 or less is an empty request; a length up
// to 512 MB) or inline (a line up to LF, a CR before it dropped, split
// into arguments at blanks (space, tab, CR, LF, VT, FF) with "double"
// (with backslash escapes) and 'single' quoted arguments, which must be
// followed by a blank; unlike Redis, a quote also ends an unquoted
// argument, and a NUL byte is an ordinary byte). A malformed request
// closes the connection; an unfinished one at the end waits for more.
// Commands (names in any case) are checked for their arity and run:
// PING, ECHO, SET (EX, PX, NX, XX, KEEPTTL, GET), GET, GETSET, DEL,
// EXISTS, APPEND, STRLEN, INCR, DECR, INCRBY, DECRBY, GETRANGE, SUBSTR,
// SETRANGE, MSET, MGET, TYPE, RENAME, FLUSHDB, SELECT; unknown commands
// and bad arguments get an error reply, and strings are at most 1 MB.
//
// Bug: GETRANGE (and SUBSTR, its old name) clamps its range as Redis does
// but returns an empty string only for an empty value, not also when the
// start passes the end, and slices backwards.
//
// Smallest "DECR\t\x00\nSUBSTR\t\x00\t2\t0\n" (20 bytes): DECR makes the
// key "\x00" "-1", and SUBSTR takes from 2 to 0. Argued: the key must
// hold a string first, and DECR or INCR with a one-byte key is the
// shortest way (7 bytes inline; SET needs a value); SUBSTR is shorter
// than GETRANGE, and a start at least 2 past the end needs two one-digit
// numbers: 13 bytes; multibulk requests are longer. Then "DECR" is less
// than "INCR", capitals less than small letters, tab the least blank,
// NUL the least key, and 2 and 0 the least start and end.
func ptRESP(b []byte) int {
	db := map[string]string{}
	replies := 0
	for len(b) > 0 {
		var args []string
		var complete, ok bool
		if b[0] == '*' {
			args, b, complete, ok = ptRESPMultibulk(b)
		} else {
			args, b, complete, ok = ptRESPInline(b)
		}
		if !complete {
			break
		}
		if !ok {
			return -1
		}
		if len(args) > 0 {
			replies += len(ptRESPExec(db, args))
		}
	}
	return replies
}

// ptRESPInt parses an integer as Redis's string2ll does: no sign but
// '-', no leading zeros, no blanks, within int64.
func ptRESPInt(s string) (int64, bool) {
	if s == "" || len(s) > 20 || s[0] == '+' || s == "-0" || len(s) > 1 && s[0] == '0' || strings.HasPrefix(s, "-0") {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

func ptRESPMultibulk(b []byte) (args []string, rest []byte, complete, ok bool) {
	line := func() (string, bool) { // up to the next CR, and the two bytes after it skipped
		i := bytes.IndexByte(b, '\r')
		if i < 0 || i > len(b)-2 {
			return "", false
		}
		s := string(b[:i])
		b = b[i+2:]
		return s, true
	}
	s, got := line()
	if !got {
		return nil, nil, false, false
	}
	n, valid := ptRESPInt(s[1:])
	if !valid || n > 1024*1024 {
		return nil, nil, true, false
	}
	for range n {
		if len(b) == 0 || bytes.IndexByte(b, '\r') < 0 {
			return nil, nil, false, false
		}
		if b[0] != '$' {
			return nil, nil, true, false
		}
		s, got := line()
		if !got {
			return nil, nil, false, false
		}
		l, valid := ptRESPInt(s[1:])
		if !valid || l < 0 || l > 512<<20 {
			return nil, nil, true, false
		}
		if int64(len(b)) < l+2 {
			return nil, nil, false, false
		}
		args = append(args, string(b[:l]))
		b = b[l+2:]
	}
	return args, b, true, true
}

func ptRESPInline(b []byte) (args []string, rest []byte, complete, ok bool) {
	i := bytes.IndexByte(b, '\n')
	if i < 0 {
		if len(b) > 64<<10 {
			return nil, nil, true, false
		}
		return nil, nil, false, false
	}
	line := bytes.TrimSuffix(b[:i], []byte("\r"))
	args, ok = ptRESPSplit(line)
	return args, b[i+1:], true, ok
}

func ptRESPBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// ptRESPSplit splits an inline request, much as Redis's sdssplitargs
// does.
func ptRESPSplit(line []byte) ([]string, bool) {
	var args []string
	p := 0
	for {
		for p < len(line) && ptRESPBlank(line[p]) {
			p++
		}
		if p == len(line) {
			return args, true
		}
		var cur []byte
		switch line[p] {
		case '"':
			for p++; ; p++ {
				if p >= len(line) {
					return nil, false
				}
				c := line[p]
				if c == '"' {
					break
				}
				if c == '\\' && p+3 < len(line) && line[p+1] == 'x' {
					if v, err := strconv.ParseUint(string(line[p+2:p+4]), 16, 8); err == nil {
						cur = append(cur, byte(v))
						p += 3
						continue
					}
				}
				if c == '\\' && p+1 < len(line) {
					p++
					c = map[byte]byte{'n': '\n', 'r': '\r', 't': '\t', 'b': '\b', 'a': '\a'}[line[p]]
					if c == 0 {
						c = line[p]
					}
				}
				cur = append(cur, c)
			}
			p++
			if p < len(line) && !ptRESPBlank(line[p]) {
				return nil, false
			}
		case '\'':
			for p++; ; p++ {
				if p >= len(line) {
					return nil, false
				}
				c := line[p]
				if c == '\'' {
					break
				}
				if c == '\\' && p+1 < len(line) && line[p+1] == '\'' {
					p++
				}
				cur = append(cur, line[p])
			}
			p++
			if p < len(line) && !ptRESPBlank(line[p]) {
				return nil, false
			}
		default:
			for p < len(line) && !ptRESPBlank(line[p]) && line[p] != '"' && line[p] != '\'' {
				cur = append(cur, line[p])
				p++
			}
		}
		args = append(args, string(cur))
	}
}

// ptRESPExec runs a command and returns its reply.
func ptRESPExec(db map[string]string, args []string) string {
	name := strings.ToUpper(args[0])
	ar, known := ptRESPArity[name]
	switch {
	case !known:
		return "-ERR unknown command '" + args[0] + "'"
	case ar > 0 && len(args) != ar, ar < 0 && len(args) < -ar:
		return "-ERR wrong number of arguments for '" + args[0] + "' command"
	}
	const errInt = "-ERR value is not an integer or out of range"
	switch name {
	case "PING":
		if len(args) > 2 {
			return "-ERR wrong number of arguments"
		}
		if len(args) == 2 {
			return args[1]
		}
		return "+PONG"
	case "ECHO":
		return args[1]
	case "SET":
		nx, xx, get := false, false, false
		for i := 3; i < len(args); i++ {
			switch strings.ToUpper(args[i]) {
			case "NX":
				nx = true
			case "XX":
				xx = true
			case "GET":
				get = true
			case "KEEPTTL":
			case "EX", "PX":
				if i+1 == len(args) {
					return "-ERR syntax error"
				}
				if v, ok := ptRESPInt(args[i+1]); !ok || v <= 0 {
					return "-ERR invalid expire time in 'set' command"
				}
				i++
			default:
				return "-ERR syntax error"
			}
		}
		if nx && xx {
			return "-ERR syntax error"
		}
		old, exists := db[args[1]]
		if nx && exists || xx && !exists {
			return "$-1"
		}
		if len(args[2]) > ptRESPMaxString {
			return "-ERR string exceeds maximum allowed size"
		}
		db[args[1]] = args[2]
		if get {
			return old
		}
		return "+OK"
	case "GET":
		return db[args[1]]
	case "GETSET":
		old := db[args[1]]
		db[args[1]] = args[2]
		return old
	case "DEL", "EXISTS":
		n := 0
		for _, k := range args[1:] {
			if _, ok := db[k]; ok {
				n++
				if name == "DEL" {
					delete(db, k)
				}
			}
		}
		return ":" + strconv.Itoa(n)
	case "APPEND":
		if len(db[args[1]])+len(args[2]) > ptRESPMaxString {
			return "-ERR string exceeds maximum allowed size"
		}
		db[args[1]] += args[2]
		return ":" + strconv.Itoa(len(db[args[1]]))
	case "STRLEN":
		return ":" + strconv.Itoa(len(db[args[1]]))
	case "INCR", "DECR", "INCRBY", "DECRBY":
		by := int64(1)
		if len(args) == 3 {
			v, ok := ptRESPInt(args[2])
			if !ok {
				return errInt
			}
			by = v
		}
		if name[0] == 'D' {
			if by == math.MinInt64 {
				return "-ERR decrement would overflow"
			}
			by = -by
		}
		cur := int64(0)
		if s, ok := db[args[1]]; ok {
			v, valid := ptRESPInt(s)
			if !valid {
				return errInt
			}
			cur = v
		}
		if by > 0 && cur > math.MaxInt64-by || by < 0 && cur < math.MinInt64-by {
			return "-ERR increment or decrement would overflow"
		}
		db[args[1]] = strconv.FormatInt(cur+by, 10)
		return ":" + db[args[1]]
	case "GETRANGE", "SUBSTR":
		start, ok1 := ptRESPInt(args[2])
		end, ok2 := ptRESPInt(args[3])
		if !ok1 || !ok2 {
			return errInt
		}
		return ptRESPGetRange(db[args[1]], start, end)
	case "SETRANGE":
		off, ok := ptRESPInt(args[2])
		if !ok || off < 0 {
			return "-ERR offset is out of range"
		}
		if off+int64(len(args[3])) > ptRESPMaxString {
			return "-ERR string exceeds maximum allowed size"
		}
		v := db[args[1]]
		if len(args[3]) > 0 {
			if int64(len(v)) < off+int64(len(args[3])) {
				v += strings.Repeat("\x00", int(off)+len(args[3])-len(v))
			}
			v = v[:off] + args[3] + v[int(off)+len(args[3]):]
			db[args[1]] = v
		}
		return ":" + strconv.Itoa(len(v))
	case "MSET":
		if len(args)%2 == 0 {
			return "-ERR wrong number of arguments for 'mset' command"
		}
		for i := 1; i < len(args); i += 2 {
			db[args[i]] = args[i+1]
		}
		return "+OK"
	case "MGET":
		var out []string
		for _, k := range args[1:] {
			out = append(out, db[k])
		}
		return strings.Join(out, "\n")
	case "TYPE":
		if _, ok := db[args[1]]; ok {
			return "+string"
		}
		return "+none"
	case "RENAME":
		v, ok := db[args[1]]
		if !ok {
			return "-ERR no such key"
		}
		delete(db, args[1])
		db[args[2]] = v
		return "+OK"
	case "FLUSHDB":
		clear(db)
		return "+OK"
	case "SELECT":
		if v, ok := ptRESPInt(args[1]); !ok || v < 0 || v > 15 {
			return "-ERR DB index is out of range"
		}
		return "+OK"
	}
	return ""
}

// ptRESPGetRange is GETRANGE's reply for the value s.
func ptRESPGetRange(s string, start, end int64) string {
	n := int64(len(s))
	if start < 0 && end < 0 && start > end {
		return ""
	}
	if start < 0 {
		start += n
	}
	if end < 0 {
		end += n
	}
	start, end = max(start, 0), max(end, 0)
	if end >= n {
		end = n - 1
	}
	if n == 0 { // BUG: Redis also returns "" if start > end
		return ""
	}
	return s[start : end+1]
}

// ptRESPCommand writes a command as a client does: multibulk mostly,
// inline sometimes (as typed into telnet).
func ptRESPCommand(r *rand.Rand, args ...string) []byte {
	if r.IntN(4) == 0 {
		var parts []string
		for _, a := range args {
			if a == "" || strings.ContainsAny(a, " \t\r\n\"'\\") {
				a = strconv.Quote(a)
			}
			parts = append(parts, a)
		}
		return []byte(strings.Join(parts, " ") + ppPick(r, "\r\n", "\n"))
	}
	out := []byte("*" + strconv.Itoa(len(args)) + "\r\n")
	for _, a := range args {
		out = append(out, "$"+strconv.Itoa(len(a))+"\r\n"+a+"\r\n"...)
	}
	return out
}

// genPtRESP writes a session of a web application's cache client:
// sessions and counters, MSET and MGET, ranges of strings, client
// commands this server does not know, and a GETRANGE or SUBSTR whose
// start is past its end; then more requests and junk.
func genPtRESP(r *rand.Rand) []byte {
	var out []byte
	cmd := func(args ...string) { out = append(out, ptRESPCommand(r, args...)...) }
	cmd("CLIENT", "SETNAME", "web-"+strconv.Itoa(r.IntN(100)))
	cmd("SELECT", strconv.Itoa(r.IntN(4)))
	key := ppPick(r, "greeting", "user:"+strconv.Itoa(r.IntN(10000))+":name", "page:title", "cache:"+ppWord(r, 8, 16))
	val := ppPick(r, "Hello, world!", ppWord(r, 3, 12)+" "+ppWord(r, 3, 12), ppText(r, 10+r.IntN(60), ""))
	n := 8 + r.IntN(20)
	set, bad := r.IntN(n/2), n/2+r.IntN(n/2)
	for i := range n {
		switch {
		case i == set:
			cmd("SET", key, val)
		case i == bad:
			l := len(val)
			start := 2 + r.IntN(l-1)
			end := r.IntN(start - 1)
			if r.IntN(2) == 0 {
				end -= l
			}
			cmd(ppPick(r, "GETRANGE", "getrange", "SUBSTR"), key, strconv.Itoa(start), strconv.Itoa(end))
		default:
			k := ppPick(r, "session:", "counter:", "rate:", "user:") + ppWord(r, 4, 12)
			switch r.IntN(10) {
			case 0:
				cmd("PING")
			case 1:
				cmd("SET", k, ppWord(r, 1, 40), "EX", strconv.Itoa(60+r.IntN(3600)))
			case 2:
				cmd("GET", k)
			case 3:
				cmd(ppPick(r, "INCR", "DECR"), k)
			case 4:
				cmd("INCRBY", k, strconv.Itoa(r.IntN(1000)))
			case 5:
				cmd("MSET", k, ppWord(r, 1, 10), k+":ts", strconv.Itoa(1700000000+r.IntN(1e6)))
			case 6:
				cmd("MGET", k, key)
			case 7:
				cmd("GETRANGE", key, "0", strconv.Itoa(r.IntN(10)-3))
			case 8:
				cmd("APPEND", k, ppWord(r, 1, 20))
			default:
				cmd(ppPick(r, "COMMAND", "INFO", "CLIENT"), ppPick(r, "DOCS", "server", "LIST"))
			}
		}
	}
	return append(out, ppBytes(r, r.IntN(100))...)
}

// ---- GitHub-flavoured Markdown tables ----

// ptMDTable is a table being rendered.
type ptMDTable struct {
	header  []string
	align   []int // 0 none, 1 left, 2 center, 3 right
	aligned bool  // some column has an alignment
	rows    [][]string
}

var ptMDAlignAttr = [4]string{"", ` align="left"`, ` align="center"`, ` align="right"`}

// ptMarkdown renders Markdown as a README viewer does, with GFM tables.
// Lines end in LF (a CR before it dropped). Fenced code blocks (a line
// of 3 or more backticks or tildes, indented at most 3 spaces; closed by
// a run of the same character at least as long) are copied out escaped.
// A table is a header row and a delimiter row, both with an unescaped
// '|' and the same number of cells, then body rows up to a blank line,
// the end, or a line starting a fence, heading or quote. A row's cells:
// the line trimmed of spaces and tabs, a leading '|' and an unescaped
// trailing '|' dropped, split at unescaped '|', each trimmed; a delimiter
// cell is dashes with an optional colon at either end (left, right or
// both for center). Body rows with fewer cells get empty ones; the GFM
// spec says more cells are ignored. Cells are rendered with backslash
// escapes and code spans. Other lines are headings, list items, quotes
// and paragraphs.
//
// Bug: the renderer pads short rows but does not cut long ones, and in a
// table with alignments it looks up every cell's column alignment.
//
// Smallest "|\n-:|\n\x00|\x00" (9 bytes): a header of one empty cell,
// a right-aligned delimiter, and a body row of two cells "\x00". Argued:
// a header row needs its '|', an aligned delimiter row a dash, a colon
// and a '|', and a body row of two cells three bytes, with two line ends:
// 9 bytes; the header can only be "|", "-:|" is the least aligned
// delimiter row, and "\x00|\x00" the least row of two cells.
func ptMarkdown(b []byte) int {
	lines := strings.Split(string(b), "\n")
	for i := range lines {
		lines[i] = strings.TrimSuffix(lines[i], "\r")
	}
	var out strings.Builder
	fence := ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if fence != "" {
			if t := strings.TrimLeft(line, " "); len(line)-len(t) <= 3 && strings.HasPrefix(t, fence) && strings.Trim(t, fence[:1]+" ") == "" {
				fence = ""
				out.WriteString("</code></pre>\n")
			} else {
				out.WriteString(ptMDEscape(line) + "\n")
			}
			continue
		}
		if f := ptMDFence(line); f != "" {
			fence = f
			out.WriteString("<pre><code>")
			continue
		}
		if i+1 < len(lines) {
			if t := ptMDTableStart(line, lines[i+1]); t != nil {
				for i += 2; i < len(lines) && !ptMDEndsTable(lines[i]); i++ {
					t.rows = append(t.rows, ptMDCells(lines[i]))
				}
				i--
				ptMDRenderTable(&out, t)
				continue
			}
		}
		ptMDRenderLine(&out, line)
	}
	return out.Len()
}

// ptMDFence is the fence a line opens, or "".
func ptMDFence(line string) string {
	t := strings.TrimLeft(line, " ")
	if len(line)-len(t) > 3 || len(t) < 3 || t[0] != '`' && t[0] != '~' {
		return ""
	}
	n := len(t) - len(strings.TrimLeft(t, t[:1]))
	if n < 3 || t[0] == '`' && strings.Contains(t[n:], "`") {
		return ""
	}
	return t[:n]
}

// ptMDEndsTable says whether a line ends a table's body.
func ptMDEndsTable(line string) bool {
	t := strings.TrimLeft(line, " ")
	return strings.Trim(line, " \t") == "" || ptMDFence(line) != "" || len(line)-len(t) <= 3 && (strings.HasPrefix(t, "#") || strings.HasPrefix(t, ">"))
}

// ptMDHasPipe says whether s has an unescaped '|'.
func ptMDHasPipe(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '|':
			return true
		}
	}
	return false
}

// ptMDCells splits a row into cells.
func ptMDCells(line string) []string {
	s := strings.Trim(line, " \t")
	s = strings.TrimPrefix(s, "|")
	if strings.HasSuffix(s, "|") && !strings.HasSuffix(s, `\|`) {
		s = s[:len(s)-1]
	}
	var cells []string
	start := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '|':
			cells = append(cells, strings.Trim(s[start:i], " \t"))
			start = i + 1
		}
	}
	return append(cells, strings.Trim(s[start:], " \t"))
}

// ptMDTableStart returns the table a header and delimiter row start, or
// nil.
func ptMDTableStart(header, delim string) *ptMDTable {
	if len(header)-len(strings.TrimLeft(header, " ")) > 3 || !ptMDHasPipe(header) || !ptMDHasPipe(delim) {
		return nil
	}
	t := &ptMDTable{header: ptMDCells(header)}
	d := ptMDCells(delim)
	if len(d) != len(t.header) {
		return nil
	}
	for _, c := range d {
		left, right := strings.HasPrefix(c, ":"), strings.HasSuffix(c, ":")
		dashes := strings.TrimSuffix(strings.TrimPrefix(c, ":"), ":")
		if dashes == "" || strings.Trim(dashes, "-") != "" {
			return nil
		}
		a := 0
		switch {
		case left && right:
			a = 2
		case left:
			a = 1
		case right:
			a = 3
		}
		t.align = append(t.align, a)
		t.aligned = t.aligned || a != 0
	}
	return t
}

func ptMDRenderTable(out *strings.Builder, t *ptMDTable) {
	out.WriteString("<table>\n<thead>\n<tr>\n")
	for i, c := range t.header {
		out.WriteString("<th" + ptMDAlignAttr[t.align[i]] + ">" + ptMDInline(c) + "</th>\n")
	}
	out.WriteString("</tr>\n</thead>\n")
	if len(t.rows) > 0 {
		out.WriteString("<tbody>\n")
	}
	for _, row := range t.rows {
		for len(row) < len(t.header) {
			row = append(row, "")
		}
		out.WriteString("<tr>\n")
		for i, c := range row {
			if t.aligned {
				out.WriteString("<td" + ptMDAlignAttr[t.align[i]] + ">") // BUG: the row may have more cells than the header
			} else {
				out.WriteString("<td>")
			}
			out.WriteString(ptMDInline(c) + "</td>\n")
		}
		out.WriteString("</tr>\n")
	}
	if len(t.rows) > 0 {
		out.WriteString("</tbody>\n")
	}
	out.WriteString("</table>\n")
}

func ptMDEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}

// ptMDInline renders a cell or a line's text: backslash escapes of
// punctuation, code spans (a run of backticks closed by an equal run)
// and emphasis with * and _ left as they are.
func ptMDInline(s string) string {
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", s[i+1]) >= 0:
			out.WriteString(ptMDEscape(s[i+1 : i+2]))
			i++
		case c == '`':
			n := len(s[i:]) - len(strings.TrimLeft(s[i:], "`"))
			run := s[i : i+n]
			j := i + n
			for {
				k := strings.Index(s[j:], run)
				if k < 0 {
					j = -1
					break
				}
				j += k
				if m := len(s[j:]) - len(strings.TrimLeft(s[j:], "`")); m == n {
					break
				} else {
					j += m
				}
			}
			if j < 0 {
				out.WriteString(run)
				i += n - 1
				continue
			}
			code := strings.ReplaceAll(s[i+n:j], `\|`, "|")
			out.WriteString("<code>" + ptMDEscape(code) + "</code>")
			i = j + n - 1
		default:
			out.WriteString(ptMDEscape(s[i : i+1]))
		}
	}
	return out.String()
}

func ptMDRenderLine(out *strings.Builder, line string) {
	t := strings.TrimLeft(line, " ")
	switch {
	case strings.Trim(line, " \t") == "":
	case len(line)-len(t) >= 4:
		out.WriteString("<pre><code>" + ptMDEscape(t) + "</code></pre>\n")
	case strings.HasPrefix(t, "#"):
		n := len(t) - len(strings.TrimLeft(t, "#"))
		if n <= 6 && (n == len(t) || t[n] == ' ' || t[n] == '\t') {
			fmt.Fprintf(out, "<h%d>%s</h%d>\n", n, ptMDInline(strings.Trim(t[n:], " \t#")), n)
		} else {
			out.WriteString("<p>" + ptMDInline(t) + "</p>\n")
		}
	case strings.HasPrefix(t, "- ") || strings.HasPrefix(t, "* ") || strings.HasPrefix(t, "+ "):
		out.WriteString("<li>" + ptMDInline(t[2:]) + "</li>\n")
	case strings.HasPrefix(t, ">"):
		out.WriteString("<blockquote>" + ptMDInline(strings.TrimPrefix(t[1:], " ")) + "</blockquote>\n")
	default:
		out.WriteString("<p>" + ptMDInline(t) + "</p>\n")
	}
}

// ptMDRow writes a table row, with or without its outer pipes.
func ptMDRow(r *rand.Rand, cells []string) string {
	s := strings.Join(cells, " | ")
	if r.IntN(4) != 0 {
		s = "| " + s + " |"
	}
	return s
}

// genPtMarkdown writes a project's README: a title, badges, paragraphs,
// install instructions in fenced code (whose lines may hold pipes), a
// flags table with alignments, a benchmark table (aligned) one of whose
// rows has a cell more than its header, a changelog list and a quote;
// then junk lines.
func genPtMarkdown(r *rand.Rand) []byte {
	name := ppWord(r, 4, 10)
	var b []string
	add := func(s ...string) { b = append(b, s...) }
	add("# "+name, "", "[![Build](https://github.com/"+ppWord(r, 3, 8)+"/"+name+"/actions/workflows/ci.yml/badge.svg)](https://github.com/x/"+name+"/actions)", "")
	add("`"+name+"` is a "+ppPick(r, "fast", "small", "simple")+" "+ppPick(r, "parser", "cache", "router", "logger")+" for Go. It *does* "+ppText(r, 20+r.IntN(60), "|`*_\\#>")+".", "")
	add("## Installation", "", "```sh", "go install github.com/"+ppWord(r, 3, 8)+"/"+name+"@latest", name+" -l | sort | uniq -c", "```", "")
	add("## Options", "")
	flags := [][]string{{"Flag", "Default", "Description"}}
	for range 2 + r.IntN(5) {
		flags = append(flags, []string{"`-" + ppWord(r, 1, 8) + "`", ppPick(r, "false", "0", "`\"\"`", strconv.Itoa(r.IntN(1000))), ppText(r, 5+r.IntN(40), "|`\\")})
	}
	add(ptMDRow(r, flags[0]), ptMDRow(r, []string{ppPick(r, ":---", "---", ":-"), ppPick(r, ":---:", ":-:"), ppPick(r, "---", "---:")}))
	for _, row := range flags[1:] {
		add(ptMDRow(r, row))
	}
	add("", "## Benchmarks", "", "```", "$ go test -bench . -benchmem", "```", "")
	add(ptMDRow(r, []string{"Benchmark", "ns/op", "B/op", "allocs/op"}), ptMDRow(r, []string{"---", "---:", "---:", "---:"}))
	n := 3 + r.IntN(8)
	bad := r.IntN(n)
	for i := range n {
		row := []string{"Benchmark" + ppWord(r, 3, 10) + "-" + strconv.Itoa(ppPick(r, 4, 8, 16)), strconv.Itoa(r.IntN(100000)), strconv.Itoa(r.IntN(5000)), strconv.Itoa(r.IntN(50))}
		if i == bad {
			row = append(row, ppPick(r, strconv.Itoa(r.IntN(100))+" MB/s", "`"+ppWord(r, 2, 6)+"`", ppWord(r, 1, 6)+ppText(r, r.IntN(10), "|`\\")))
		}
		add(ptMDRow(r, row))
	}
	add("", "## Changelog", "")
	for range 2 + r.IntN(5) {
		add("- v" + strconv.Itoa(r.IntN(3)) + "." + strconv.Itoa(r.IntN(20)) + ": " + ppText(r, 10+r.IntN(40), "|`\\"))
	}
	add("", "> "+ppText(r, 20+r.IntN(60), "|`\\"), "")
	for range r.IntN(5) {
		add(ppText(r, r.IntN(60), ""))
	}
	return []byte(strings.Join(b, ppPick(r, "\n", "\n", "\r\n")))
}
