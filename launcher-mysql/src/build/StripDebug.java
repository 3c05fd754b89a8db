import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Build step of core (run as a single-file program, `java StripDebug.java IN OUT`): copies the tree IN
 * to OUT, removing the {@code .debug_*} sections from every ELF64 file on the way, as
 * {@code strip --strip-debug} would. The build cannot count on binutils being installed (a fresh machine
 * has only a JDK), and the embedded MariaDB's mariadbd is 313 MB with its debug info, 33 MB without.
 * The symbol table stays, so perf still names the server's functions.
 */
public final class StripDebug {
    private static final int SHT_NOBITS = 8;
    private static final int SHT_SYMTAB = 2;
    private static final int SHT_RELA = 4;
    private static final int SHT_REL = 9;
    private static final int SHT_SYMTAB_SHNDX = 18;
    private static final long SHF_ALLOC = 0x2;
    private static final long SHF_INFO_LINK = 0x40;
    private static final int SHN_LORESERVE = 0xff00;

    public static void main(String[] args) throws IOException {
        Path in = Path.of(args[0]);
        Path out = Path.of(args[1]);
        Path done = out.resolve(".stripped");
        if (Files.exists(done)) {
            return; // a previous build did it; `mvn clean` starts over
        }
        try (Stream<Path> files = Files.walk(in)) {
            files.filter(Files::isRegularFile).forEach(file -> {
                Path target = out.resolve(in.relativize(file).toString());
                try {
                    Files.createDirectories(target.getParent());
                    if (!strip(file, target)) {
                        Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(file + ": " + e.getMessage(), e);
                }
            });
        }
        Files.writeString(done, "");
    }

    private record Section(long name, int type, long flags, long offset, long size, int link, int info, long align,
                           long entsize, ByteBuffer header) {
        boolean isDebug(String sectionName) {
            return (flags & SHF_ALLOC) == 0 && (sectionName.startsWith(".debug_") || sectionName.startsWith(".zdebug_"));
        }
    }

    /** Writes {@code file} without its debug sections to {@code target}; false when it is no ELF64 file with any. */
    static boolean strip(Path file, Path target) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            if (ch.size() < 64) {
                return false;
            }
            ByteBuffer elf = ch.map(FileChannel.MapMode.READ_ONLY, 0, ch.size()).order(ByteOrder.LITTLE_ENDIAN);
            if (elf.getInt(0) != 0x464c457f || elf.get(4) != 2 || elf.get(5) != 1) {
                return false; // not ELF, or not 64-bit little-endian (x86_64 is all we ship)
            }
            long shoff = elf.getLong(0x28);
            int shentsize = Short.toUnsignedInt(elf.getShort(0x3A));
            int shnum = Short.toUnsignedInt(elf.getShort(0x3C));
            int shstrndx = Short.toUnsignedInt(elf.getShort(0x3E));
            if (shnum == 0 || shentsize != 64) {
                return false;
            }
            List<Section> sections = new ArrayList<>();
            for (int i = 0; i < shnum; i++) {
                int h = (int) (shoff + (long) i * 64);
                ByteBuffer header = elf.slice(h, 64).order(ByteOrder.LITTLE_ENDIAN);
                sections.add(new Section(Integer.toUnsignedLong(header.getInt(0)), header.getInt(4), header.getLong(8),
                        header.getLong(24), header.getLong(32), header.getInt(40), header.getInt(44), header.getLong(48),
                        header.getLong(56), header));
            }
            long names = sections.get(shstrndx).offset();
            int[] newIndex = new int[shnum];
            int kept = 0;
            int firstRemoved = -1;
            long prefixEnd = 64 + Short.toUnsignedInt(elf.getShort(0x36)) * (long) Short.toUnsignedInt(elf.getShort(0x38))
                    + elf.getLong(0x20);
            for (int i = 0; i < shnum; i++) {
                Section s = sections.get(i);
                if (s.type() == SHT_SYMTAB_SHNDX) {
                    throw new IOException("extended section indexes are not supported");
                }
                if (i > 0 && s.isDebug(cString(elf, names + s.name()))) {
                    newIndex[i] = -1;
                    firstRemoved = firstRemoved < 0 ? i : firstRemoved;
                } else {
                    newIndex[i] = kept++;
                    if ((s.flags() & SHF_ALLOC) != 0 && s.type() != SHT_NOBITS) {
                        prefixEnd = Math.max(prefixEnd, s.offset() + s.size());
                    }
                }
            }
            if (firstRemoved < 0) {
                return false;
            }
            int phoff = (int) elf.getLong(0x20);
            for (int i = 0; i < Short.toUnsignedInt(elf.getShort(0x38)); i++) {
                int p = phoff + i * Short.toUnsignedInt(elf.getShort(0x36));
                prefixEnd = Math.max(prefixEnd, elf.getLong(p + 8) + elf.getLong(p + 32)); // p_offset + p_filesz
            }
            for (int i = firstRemoved; i < shnum; i++) {
                if (newIndex[i] >= 0 && (sections.get(i).flags() & SHF_ALLOC) != 0) {
                    // the loaded symbol table (.dynsym) lies in the copied prefix: its section indexes must stay valid
                    throw new IOException("a loaded section follows a debug section; not supported");
                }
            }

            try (FileChannel w = FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                transfer(ch, 0, prefixEnd, w);
                long pos = prefixEnd;
                ByteBuffer headers = ByteBuffer.allocate(kept * 64).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < shnum; i++) {
                    Section s = sections.get(i);
                    if (newIndex[i] < 0) {
                        continue;
                    }
                    ByteBuffer h = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN).put(s.header().duplicate().rewind());
                    boolean moved = i > 0 && (s.flags() & SHF_ALLOC) == 0 && s.offset() >= prefixEnd;
                    if (moved) {
                        pos = align(pos, s.align());
                        h.putLong(24, pos);
                        if (s.type() != SHT_NOBITS) {
                            ByteBuffer content = elf.slice((int) s.offset(), (int) s.size()).order(ByteOrder.LITTLE_ENDIAN);
                            if (s.type() == SHT_SYMTAB) {
                                content = renumberSymbols(content, (int) s.entsize(), s.info(), newIndex, h);
                            }
                            pos += w.write(content, pos);
                        }
                    }
                    h.putInt(40, remap(s.link(), newIndex));
                    if (s.type() != SHT_SYMTAB && (s.type() == SHT_REL || s.type() == SHT_RELA || (s.flags() & SHF_INFO_LINK) != 0)) {
                        h.putInt(44, remap(s.info(), newIndex));
                    }
                    headers.put(h.rewind());
                }
                long newShoff = align(pos, 8);
                w.write(headers.flip(), newShoff);
                ByteBuffer fields = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
                w.write(fields.putLong(0, newShoff).rewind(), 0x28);
                w.write(fields.clear().putShort((short) kept).flip(), 0x3C);
                w.write(fields.clear().putShort((short) newIndex[shstrndx]).flip(), 0x3E);
            }
            return true;
        }
    }

    /**
     * The symbol table with its section indexes renumbered. The local symbols that name a removed section
     * (one per debug section) go, as strip drops them; {@code header} gets the new size and first global.
     */
    private static ByteBuffer renumberSymbols(ByteBuffer symbols, int entsize, int firstGlobal, int[] newIndex,
                                              ByteBuffer header) throws IOException {
        ByteBuffer copy = ByteBuffer.allocate(symbols.remaining()).order(ByteOrder.LITTLE_ENDIAN);
        int dropped = 0;
        for (int at = 0, n = 0; at + entsize <= symbols.limit(); at += entsize, n++) {
            ByteBuffer symbol = symbols.slice(at, entsize).order(ByteOrder.LITTLE_ENDIAN);
            int shndx = Short.toUnsignedInt(symbol.getShort(6));
            if (shndx > 0 && shndx < SHN_LORESERVE && newIndex[shndx] < 0) {
                if (n >= firstGlobal) {
                    throw new IOException("global symbol " + n + " lies in removed section " + shndx);
                }
                dropped++;
                continue;
            }
            int at2 = copy.position();
            copy.put(symbol);
            if (shndx > 0 && shndx < SHN_LORESERVE) {
                copy.putShort(at2 + 6, (short) remap(shndx, newIndex));
            }
        }
        header.putLong(32, copy.position());
        header.putInt(44, firstGlobal - dropped);
        return copy.flip();
    }

    private static int remap(int index, int[] newIndex) throws IOException {
        if (index == 0) {
            return 0;
        }
        if (index >= newIndex.length || newIndex[index] < 0) {
            throw new IOException("a kept section or symbol refers to removed section " + index);
        }
        return newIndex[index];
    }

    private static void transfer(FileChannel from, long start, long length, FileChannel to) throws IOException {
        for (long done = 0; done < length; ) {
            done += from.transferTo(start + done, length - done, to);
        }
    }

    private static long align(long pos, long alignment) {
        return alignment > 1 ? (pos + alignment - 1) / alignment * alignment : pos;
    }

    private static String cString(ByteBuffer buf, long at) {
        StringBuilder sb = new StringBuilder();
        for (int i = (int) at; buf.get(i) != 0; i++) {
            sb.append((char) buf.get(i));
        }
        return sb.toString();
    }
}
