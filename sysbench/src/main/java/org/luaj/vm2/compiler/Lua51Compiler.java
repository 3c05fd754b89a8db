package org.luaj.vm2.compiler;

import java.io.IOException;
import java.io.InputStream;
import org.luaj.vm2.Globals;
import org.luaj.vm2.Lua;
import org.luaj.vm2.LuaError;
import org.luaj.vm2.LuaString;
import org.luaj.vm2.LuaValue;
import org.luaj.vm2.Prototype;

/**
 * LuaJ 3.0.1's compiler with the syntax errors worded as Lua 5.1 and LuaJIT word them, as sysbench prints them and
 * scripts and tests match them: {@code x.lua:2: '=' expected near '<eof>'} where LuaJ says {@code x.lua:2: syntax
 * error}. LuaJ computes the "near" token and drops it, and follows Lua 5.2 where a statement that is neither a call
 * nor an assignment is a "syntax error" (5.1: "'=' expected"). Its parser's error hook is package-private, hence this
 * class in LuaJ's package; the parse itself is LuaC's, line for line ({@code LuaC.CompileState.luaY_parser}).
 */
public final class Lua51Compiler implements Globals.Compiler {
    public static final Lua51Compiler INSTANCE = new Lua51Compiler();
    /**
     * The global where a call of the global {@code pcall} leaves its position ({@code @file:line}) just before it
     * runs, for pcall to name when the function it calls directly raises an error at its caller's level: Lua puts
     * such an error at pcall's line (sysbench's {@code pcall(con.query, con, sql)} on a closed connection says
     * {@code ./x.lua:9: SQL API error}), and LuaJ keeps no call stack to find it without its debug library, which
     * hooks every instruction. The NUL keeps a script from using the name by chance.
     */
    public static final LuaString PCALL_SITE = LuaString.valueOf("\0pcall_site");
    private static final LuaString PCALL = LuaString.valueOf("pcall");

    private Lua51Compiler() {
    }

    @Override
    public Prototype compile(InputStream source, String chunkname) throws IOException {
        InputStream stream = withoutHeader(source);
        LuaC.CompileState state = new LuaC.CompileState();
        LexState lexer = new LexState(state, stream) {
            @Override
            void lexerror(String msg, int token) {
                String where = Lua.chunkid(source.tojstring()) + ":" + linenumber + ": ";
                if (token == 0) {
                    throw new LuaError(where + msg);
                }
                // the end of the input is Lua 5.2's "<eos>" in LuaJ, 5.1's "<eof>"; a number's text ends in the NUL
                // LuaJ's lexer adds to convert it
                String near = token == TK_EOS ? "<eof>" : txtToken(token).replace("\0", "");
                throw new LuaError(where + lua51(msg, token) + " near '" + near + "'");
            }

            /** A name's characters as its bytes (LuaJ encoded them again as UTF-8): a name may have bytes above 127. */
            @Override
            LuaString newstring(char[] chars, int offset, int len) {
                return state.newTString(LuaString.valueOf(chars, offset, len));
            }

            @Override
            void singlevar(expdesc var) {
                super.singlevar(var);
                FuncState f = this.fs;
                if (var.k == VINDEXED && var.u.ind_vt == VUPVAL && ISK(var.u.ind_idx)
                        && f.f.k[INDEXK(var.u.ind_idx)].raweq(PCALL)) {
                    // _ENV[PCALL_SITE] = "@file:line": one store per call of pcall, in no register
                    int site = f.stringK(LuaString.valueOf(source.tojstring() + ":" + lastline));
                    int key = f.stringK(PCALL_SITE);
                    if (site <= MAXINDEXRK && key <= MAXINDEXRK) {
                        f.codeABC(OP_SETTABUP, var.u.ind_t, RKASK(key), RKASK(site));
                    }
                }
            }
        };
        FuncState main = new FuncState();
        lexer.fs = main;
        LuaString name = (LuaString) LuaValue.valueOf(chunkname);
        lexer.setinput(state, stream.read(), stream, name);
        main.f = new Prototype();
        main.f.source = name;
        lexer.mainfunc(main);
        return main.f;
    }

    /**
     * The chunk without what LuaJIT's lexer skips at the start of any chunk (a file, a module, loadstring's text): a
     * UTF-8 byte order mark, then a first line starting with '#' ({@code #!/usr/bin/env sysbench}). The line's end
     * is kept, so that line numbers count it.
     */
    private static InputStream withoutHeader(InputStream stream) throws IOException {
        byte[] bytes = stream.readAllBytes();
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb
                && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        if (start < bytes.length && bytes[start] == '#') {
            while (start < bytes.length && bytes[start] != '\n' && bytes[start] != '\r') {
                start++;
            }
        }
        return new java.io.ByteArrayInputStream(bytes, start, bytes.length - start);
    }

    /**
     * A number as LuaJIT's lexer reads it, for {@code LexState.read_numeral} (LuajPatch; its argument's class is
     * private to LexState): every name character, '.', and a sign after the exponent's letter (e, or p after 0x), then
     * LuaJIT's number syntax (LuaNumbers.scan), else "malformed number" (LuaJ took "0x" as 0 and read no 0x1p4).
     */
    public static LuaValue numeral(LexState ls) {
        int last = ls.current;
        ls.save_and_next();
        int exponent = last == '0' && (ls.current | 0x20) == 'x' ? 'p' : 'e';
        while (identChar(ls.current) || ls.current == '.'
                || (ls.current == '-' || ls.current == '+') && (last | 0x20) == exponent) {
            last = ls.current;
            ls.save_and_next();
        }
        double d = benchkit.sysbench.lua.LuaNumbers.scan(LuaString.valueOf(ls.buff, 0, ls.nbuff));
        if (Double.isNaN(d)) {
            ls.lexerror("malformed number", LexState.TK_NUMBER);
        }
        return LuaValue.valueOf(d);
    }

    /** A name's first character in LuaJIT: a letter, '_' or any byte above 127 (LexState.isalpha, LuajPatch). */
    public static boolean identStart(int c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80;
    }

    /** A name's other characters in LuaJIT: those and digits (LexState.isalnum, LuajPatch). */
    public static boolean identChar(int c) {
        return identStart(c) || c >= '0' && c <= '9';
    }

    /** LuaJ's message as Lua 5.1 words it, for the error at {@code token}. */
    private static String lua51(String msg, int token) {
        if (msg.equals("syntax error") && token != '=' && token != ',') {
            return "'=' expected";    // Lua 5.2 exprstat's words; 5.1 tries an assignment and wants its '='
        }
        if (msg.startsWith("unexpected symbol ")) {
            return "unexpected symbol";     // LuaJ adds the token's code and character; Lua puts it after "near"
        }
        return msg;
    }
}
