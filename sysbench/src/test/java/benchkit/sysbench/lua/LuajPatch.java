package benchkit.sysbench.lua;

import org.luaj.vm2.LuaValue;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/**
 * A build step, not a test (the pom runs it after the test classes are compiled, before any test or jar): writes
 * classes of LuaJ 3.0.1 into this module's classes with a few methods turned to bench's (each class is read from LuaJ's
 * own jar each time, and a LuaJ that differs fails the build):
 * <ul>
 * <li>{@code LuaDouble.tojstring()} writes a number through {@link LuaNumbers#text} instead of
 * {@code Float.toString((float) v)}, LuaJ's float text (1/3 was 0.33333334, 1e15+0.5 was 9.9999999E14), and an
 * integral one too ({@code Long.toString}: 2^53 was all its digits);</li>
 * <li>{@code LuaString}'s {@code scannumber} and {@code tonumber} are {@link LuaNumbers#scan} and
 * {@link LuaNumbers#tonumber} (LuaJIT's number syntax);</li>
 * <li>{@code LexState}'s {@code isalpha} and {@code isalnum} are {@code Lua51Compiler.identStart} and
 * {@code identChar}: a byte above 127 is a letter of a name, as in LuaJIT, and {@code read_numeral} is
 * {@code Lua51Compiler.numeral};</li>
 * <li>{@code LuaClosure}'s {@code new TailcallVarargs(f, args)} is {@link TailCall#of}, which refuses a value that
 * cannot be called at the tail call's line.</li>
 * </ul>
 */
public final class LuajPatch {
    private static final String CLASS = "org/luaj/vm2/LuaDouble.class";
    private static final String STRING = "org/luaj/vm2/LuaString";
    private static final String LEX = "org/luaj/vm2/compiler/LexState";
    private static final String NUMBERS = "benchkit/sysbench/lua/LuaNumbers";
    private static final String CLOSURE = "org/luaj/vm2/LuaClosure";
    private static final String TAILCALL = "org/luaj/vm2/TailcallVarargs";
    private static final String COMPILER = "org/luaj/vm2/compiler/Lua51Compiler";

    public static void main(String[] args) throws Exception {
        Path classes = Path.of(args[0]);
        Path luaj = Path.of(LuaValue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        try (ZipFile jar = new ZipFile(luaj.toFile())) {
            write(classes, CLASS, luaDouble(luaj, read(jar, CLASS)));
            write(classes, STRING + ".class", bodies(luaj, read(jar, STRING + ".class"), new String[][] {
                {"scannumber", "()D", NUMBERS, "scan", "(L" + STRING + ";)D", "this"},
                {"scannumber", "(I)D", NUMBERS, "scan", "(L" + STRING + ";I)D", "this"},
                {"tonumber", "()Lorg/luaj/vm2/LuaValue;", NUMBERS, "tonumber", "(L" + STRING + ";)Lorg/luaj/vm2/LuaValue;", "this"},
                {"tonumber", "(I)Lorg/luaj/vm2/LuaValue;", NUMBERS, "tonumber", "(L" + STRING + ";I)Lorg/luaj/vm2/LuaValue;", "this"},
            }));
            write(classes, CLOSURE + ".class", tailCalls(luaj, read(jar, CLOSURE + ".class")));
            write(classes, LEX + ".class", bodies(luaj, read(jar, LEX + ".class"), new String[][] {
                {"isalpha", "(I)Z", COMPILER, "identStart", "(I)Z", ""},
                {"isalnum", "(I)Z", COMPILER, "identChar", "(I)Z", ""},
                {"read_numeral", "(L" + LEX + "$SemInfo;)V", COMPILER, "numeral", "(L" + LEX + ";)Lorg/luaj/vm2/LuaValue;", "seminfo.r"},
            }));
        }
    }

    private static byte[] read(ZipFile jar, String name) throws java.io.IOException {
        try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
            return in.readAllBytes();
        }
    }

    private static void write(Path classes, String name, byte[] bytes) throws java.io.IOException {
        Path out = classes.resolve(name);
        Files.createDirectories(out.getParent());
        Files.write(out, bytes);
    }

    /**
     * The class with each method named in {@code calls} ({name, descriptor, owner, static method, its descriptor,
     * "this" when it takes the object first, "seminfo.r" to set that from the object) made one call of that static method with the same arguments.
     */
    private static byte[] bodies(Path luaj, byte[] original, String[][] calls) {
        int[] replaced = {0};
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        new ClassReader(original).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] ex) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, ex);
                for (String[] c : calls) {
                    if (c[0].equals(name) && c[1].equals(descriptor)) {
                        replaced[0]++;
                        Type method = Type.getMethodType(descriptor);
                        mv.visitCode();
                        if (c[5].equals("seminfo.r")) {
                            // seminfo.r = numeral(this): the argument's class is private to LexState
                            mv.visitVarInsn(Opcodes.ALOAD, 1);
                            mv.visitVarInsn(Opcodes.ALOAD, 0);
                            mv.visitMethodInsn(Opcodes.INVOKESTATIC, c[2], c[3], c[4], false);
                            mv.visitFieldInsn(Opcodes.PUTFIELD, LEX + "$SemInfo", "r", "Lorg/luaj/vm2/LuaValue;");
                            mv.visitInsn(Opcodes.RETURN);
                        } else {
                            int slot = 1;
                            if (c[5].equals("this")) {
                                mv.visitVarInsn(Opcodes.ALOAD, 0);
                            }
                            for (Type arg : method.getArgumentTypes()) {
                                mv.visitVarInsn(arg.getOpcode(Opcodes.ILOAD), slot);
                                slot += arg.getSize();
                            }
                            mv.visitMethodInsn(Opcodes.INVOKESTATIC, c[2], c[3], c[4], false);
                            mv.visitInsn(method.getReturnType().getOpcode(Opcodes.IRETURN));
                        }
                        mv.visitMaxs(0, 0);
                        mv.visitEnd();
                        return null;        // LuaJ's own body is dropped
                    }
                }
                return mv;
            }
        }, 0);
        if (replaced[0] != calls.length) {
            throw new IllegalStateException(luaj + ": " + replaced[0] + " of the " + calls.length + " methods to replace"
                    + " found where LuaJ 3.0.1 has them all; another LuaJ version needs a look");
        }
        return writer.toByteArray();
    }

    /** LuaClosure with its five {@code new TailcallVarargs(f, args)} (NEW, DUP, the arguments, the constructor) a call of TailCall.of. */
    private static byte[] tailCalls(Path luaj, byte[] original) {
        int[] replaced = {0, 0};     // NEWs dropped, constructors replaced
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        new ClassReader(original).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] ex) {
                return new MethodVisitor(Opcodes.ASM9, super.visitMethod(access, name, descriptor, signature, ex)) {
                    private boolean droppedNew;

                    @Override
                    public void visitTypeInsn(int opcode, String type) {
                        if (opcode == Opcodes.NEW && type.equals(TAILCALL)) {
                            droppedNew = true;
                            replaced[0]++;
                            return;
                        }
                        super.visitTypeInsn(opcode, type);
                    }

                    @Override
                    public void visitInsn(int opcode) {
                        if (droppedNew && opcode == Opcodes.DUP) {
                            droppedNew = false;
                            return;
                        }
                        droppedNew = false;
                        super.visitInsn(opcode);
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (opcode == Opcodes.INVOKESPECIAL && owner.equals(TAILCALL) && method.equals("<init>")
                                && desc.equals("(Lorg/luaj/vm2/LuaValue;Lorg/luaj/vm2/Varargs;)V")) {
                            replaced[1]++;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, "benchkit/sysbench/lua/TailCall", "of",
                                    "(Lorg/luaj/vm2/LuaValue;Lorg/luaj/vm2/Varargs;)Lorg/luaj/vm2/Varargs;", false);
                            return;
                        }
                        super.visitMethodInsn(opcode, owner, method, desc, itf);
                    }
                };
            }
        }, 0);
        if (replaced[0] != 5 || replaced[1] != 5) {
            throw new IllegalStateException(luaj + ": LuaClosure has " + replaced[0] + " new TailcallVarargs and "
                    + replaced[1] + " of its (f, args) constructor where LuaJ 3.0.1 has 5 each; another LuaJ version needs a look");
        }
        return writer.toByteArray();
    }

    private static byte[] luaDouble(Path luaj, byte[] original) {
        int[] replaced = {0, 0};     // Float.toString((float) v), Long.toString((long) v)
        ClassWriter writer = new ClassWriter(0);
        new ClassReader(original).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] ex) {
                MethodVisitor mv = super.visitMethod(access, name, descriptor, signature, ex);
                if (!name.equals("tojstring") || !descriptor.equals("()Ljava/lang/String;")) {
                    return mv;
                }
                return new MethodVisitor(Opcodes.ASM9, mv) {
                    private boolean heldD2f;

                    @Override
                    public void visitInsn(int opcode) {
                        flush();
                        if (opcode == Opcodes.D2F) {
                            heldD2f = true;         // kept back: the call below takes the double itself
                        } else {
                            super.visitInsn(opcode);
                        }
                    }

                    @Override
                    public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                        if (heldD2f && opcode == Opcodes.INVOKESTATIC && owner.equals("java/lang/Float")
                                && method.equals("toString") && desc.equals("(F)Ljava/lang/String;")) {
                            heldD2f = false;
                            replaced[0]++;
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, "benchkit/sysbench/lua/LuaNumbers", "text",
                                    "(D)Ljava/lang/String;", false);
                            return;
                        }
                        flush();
                        if (opcode == Opcodes.INVOKESTATIC && owner.equals("java/lang/Long") && method.equals("toString")
                                && desc.equals("(J)Ljava/lang/String;")) {
                            replaced[1]++;      // an integral value: LuaJIT's %.14g too (2^53 is 9.007199254741e+15)
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, "benchkit/sysbench/lua/LuaNumbers", "text",
                                    "(J)Ljava/lang/String;", false);
                            return;
                        }
                        super.visitMethodInsn(opcode, owner, method, desc, itf);
                    }

                    @Override
                    public void visitVarInsn(int opcode, int var) {
                        flush();
                        super.visitVarInsn(opcode, var);
                    }

                    @Override
                    public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                        flush();
                        super.visitFieldInsn(opcode, owner, field, desc);
                    }

                    private void flush() {
                        if (heldD2f) {
                            heldD2f = false;
                            super.visitInsn(Opcodes.D2F);
                        }
                    }
                };
            }
        }, 0);
        if (replaced[0] != 1 || replaced[1] != 1) {
            throw new IllegalStateException(luaj + ": LuaDouble.tojstring() has " + replaced[0] + " Float.toString((float) v)"
                    + " and " + replaced[1] + " Long.toString calls where LuaJ 3.0.1 has one each; another LuaJ version needs a look");
        }
        return writer.toByteArray();
    }
}
