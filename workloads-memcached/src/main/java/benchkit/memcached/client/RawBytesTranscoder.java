package benchkit.memcached.client;

import net.spy.memcached.CachedData;
import net.spy.memcached.transcoders.Transcoder;

/**
 * Values as raw bytes with flags 0: no serialization and no compression (spymemcached's default
 * transcoder gzips values above 16 KB, which would change what the server stores and the client costs).
 */
public final class RawBytesTranscoder implements Transcoder<byte[]> {
    public static final RawBytesTranscoder INSTANCE = new RawBytesTranscoder();

    @Override
    public boolean asyncDecode(CachedData d) {
        return false;
    }

    @Override
    public CachedData encode(byte[] o) {
        return new CachedData(0, o, CachedData.MAX_SIZE);
    }

    @Override
    public byte[] decode(CachedData d) {
        return d.getData();
    }

    @Override
    public int getMaxSize() {
        return CachedData.MAX_SIZE;
    }
}
