package org.luaj.vm2.compiler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.luaj.vm2.LuaError;

/**
 * Syntax errors as sysbench 1.0.20 (LuaJIT 2.1) printed them for the same files on this machine, 2026-11-28
 * ({@code sysbench FILE run}: "FATAL: FILE:LINE: message"); LuaJ alone said e.g. "syntax error", "unexpected
 * symbol 61 (=)", "unfinished string".
 */
class Lua51CompilerTest {
    private static String error(String source) {
        LuaError e = assertThrows(LuaError.class, () -> Lua51Compiler.INSTANCE.compile(
                new ByteArrayInputStream(source.getBytes(StandardCharsets.UTF_8)), "@x.lua"));
        return e.getMessage();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
        "`foo\n`                          | x.lua:2: '=' expected near '<eof>'",
        "`a, f() = 1\n`                   | x.lua:1: syntax error near '='",
        "`x = = 2\n`                      | x.lua:1: unexpected symbol near '='",
        "`local function f() end\nf() g\n` | x.lua:3: '=' expected near '<eof>'",
        "`x = \"abc\n`                    | x.lua:1: unfinished string near '\"abc'",
        "`if x then\n`                    | x.lua:2: 'end' expected (to close 'if' at line 1) near '<eof>'",
        "`x = 1 +\n`                      | x.lua:2: unexpected symbol near '<eof>'",
        "`print(1))\n`                    | x.lua:1: unexpected symbol near ')'",
        "`local 1 = 2\n`                  | x.lua:1: '<name>' expected near '1'",
        "`for i = 1 do end\n`             | x.lua:1: ',' expected near 'do'",
        // numbers LuaJIT's lexer refuses (LuaJ took 0x as 0, and 3abc as 3 then a name), 2026-11-29
        "`x = 0x\n`                       | x.lua:1: malformed number near '0x'",
        "`x = 3abc\n`                     | x.lua:1: malformed number near '3abc'",
        "`x = 1e+\n`                      | x.lua:1: malformed number near '1e+'",
        "`x = 1..2\n`                     | x.lua:1: malformed number near '1..2'",
    })
    void syntaxErrorsAreWordedAsLuaJitWordsThem(String source, String sysbenchSays) {
        assertEquals(sysbenchSays, error(source));
    }

    /** Number literals as sysbench 1.0.20 printed them (print of the same list, 2026-11-29), now read by LuaJIT's scan. */
    @Test
    void numberLiteralsAreReadAsLuaJitReadsThem() throws Exception {
        byte[] chunk = "return 0x1p4, 0x1.8, 0x1P-1, 0xa.8p0, 0X.8, 0x1e+1, 1e500, .5, 3., 2E-1\n".getBytes(StandardCharsets.UTF_8);
        org.luaj.vm2.Varargs v = new org.luaj.vm2.LuaClosure(Lua51Compiler.INSTANCE.compile(new ByteArrayInputStream(chunk),
                "@x.lua"), org.luaj.vm2.LuaValue.NIL).invoke();
        StringBuilder printed = new StringBuilder();
        for (int i = 1; i <= v.narg(); i++) {
            printed.append(i > 1 ? "\t" : "").append(v.arg(i).tojstring());
        }
        assertEquals("16\t1.5\t0.5\t10.5\t0.5\t31\tinf\t0.5\t3\t0.2", printed.toString());
    }

    @Test
    void aValidChunkCompilesAsLuaJsCompilerCompilesIt() throws Exception {
        byte[] chunk = "local a = 1\nreturn a + 1\n".getBytes(StandardCharsets.UTF_8);
        org.luaj.vm2.Prototype ours = Lua51Compiler.INSTANCE.compile(new ByteArrayInputStream(chunk), "@x.lua");
        org.luaj.vm2.Prototype luajs = LuaC.instance.compile(new ByteArrayInputStream(chunk), "@x.lua");
        assertEquals(java.util.Arrays.toString(luajs.code), java.util.Arrays.toString(ours.code));
        assertEquals(2, new org.luaj.vm2.LuaClosure(ours, org.luaj.vm2.LuaValue.NIL).call().toint());
    }
}
