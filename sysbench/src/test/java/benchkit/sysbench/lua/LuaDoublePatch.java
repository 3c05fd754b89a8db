package benchkit.sysbench.lua;

import org.luaj.vm2.LuaValue;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipFile;

/**
 * A build step, not a test (the pom runs it after the test classes are compiled, before any test or jar): writes
 * LuaJ 3.0.1's {@code org.luaj.vm2.LuaDouble} into this module's classes with its {@code tojstring()} writing a
 * number through {@link LuaNumbers#text} instead of {@code Float.toString((float) v)}, LuaJ's float text (1/3 was
 * 0.33333334, 1e15+0.5 was 9.9999999E14), and an integral one too ({@code Long.toString}: 2^53 was all its digits).
 * Only those two calls change; the class is read from LuaJ's own jar each time.
 */
public final class LuaDoublePatch {
    private static final String CLASS = "org/luaj/vm2/LuaDouble.class";

    public static void main(String[] args) throws Exception {
        Path out = Path.of(args[0]).resolve(CLASS);
        Path luaj = Path.of(LuaValue.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        byte[] original;
        try (ZipFile jar = new ZipFile(luaj.toFile()); InputStream in = jar.getInputStream(jar.getEntry(CLASS))) {
            original = in.readAllBytes();
        }
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
        Files.createDirectories(out.getParent());
        Files.write(out, writer.toByteArray());
    }
}
