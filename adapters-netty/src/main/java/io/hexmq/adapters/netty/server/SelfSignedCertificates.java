package io.hexmq.adapters.netty.server;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/**
 * Self-signed X.509 v3 certificates made with the JDK alone (RSA 2048, SHA256withRSA, valid from a day ago
 * for a year, subject and issuer {@code CN=<name>}, no extensions), for {@code tls.test.mode.enable} and
 * tests. The certificate is written in DER by hand because the JDK has no public certificate builder:
 *
 * <pre>
 * Certificate  = SEQUENCE { tbs, algorithm, BIT STRING signature }
 * tbs          = SEQUENCE { [0] INTEGER 2, INTEGER serial, algorithm, name, SEQUENCE { UTCTime, UTCTime },
 *                           name, subjectPublicKeyInfo (the key's own X.509 encoding) }
 * algorithm    = SEQUENCE { OID 1.2.840.113549.1.1.11, NULL }
 * name         = SEQUENCE { SET { SEQUENCE { OID 2.5.4.3, UTF8String name } } }
 * </pre>
 */
public final class SelfSignedCertificates {

    private static final byte[] SHA256_WITH_RSA = {0x2A, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xF7, 0x0D, 1, 1, 0x0B};
    private static final byte[] COMMON_NAME = {0x55, 0x04, 0x03};
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'");

    private SelfSignedCertificates() {
    }

    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK makes RSA keys", e);
        }
    }

    /** A certificate of {@code keys}' public key, signed with its private key, for {@code CN=commonName}. */
    public static X509Certificate certify(KeyPair keys, String commonName) {
        try {
            ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC);
            byte[] algorithm = sequence(tlv(0x06, SHA256_WITH_RSA), new byte[] {0x05, 0x00});
            byte[] name = sequence(tlv(0x31, sequence(tlv(0x06, COMMON_NAME),
                    tlv(0x0C, commonName.getBytes(StandardCharsets.UTF_8)))));
            byte[] serial = new BigInteger(63, new SecureRandom()).add(BigInteger.ONE).toByteArray();
            byte[] tbs = sequence(
                    tlv(0xA0, tlv(0x02, new byte[] {2})),
                    tlv(0x02, serial),
                    algorithm,
                    name,
                    sequence(utcTime(now.minusDays(1)), utcTime(now.plusYears(1))),
                    name,
                    keys.getPublic().getEncoded());
            Signature signer = Signature.getInstance("SHA256withRSA");
            signer.initSign(keys.getPrivate());
            signer.update(tbs);
            byte[] signature = signer.sign();
            byte[] bits = new byte[signature.length + 1];
            System.arraycopy(signature, 0, bits, 1, signature.length);
            byte[] der = sequence(tbs, algorithm, tlv(0x03, bits));
            return (X509Certificate) CertificateFactory.getInstance("X.509")
                    .generateCertificate(new ByteArrayInputStream(der));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot make a self-signed certificate: " + e.getMessage(), e);
        }
    }

    private static byte[] utcTime(ZonedDateTime time) {
        return tlv(0x17, UTC_TIME.format(time).getBytes(StandardCharsets.US_ASCII));
    }

    private static byte[] sequence(byte[]... parts) {
        ByteArrayOutputStream content = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            content.writeBytes(part);
        }
        return tlv(0x30, content.toByteArray());
    }

    /** Tag, DER length (short form below 128, else 0x80 | byte count, then the bytes), value. */
    private static byte[] tlv(int tag, byte[] value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(value.length + 6);
        out.write(tag);
        int length = value.length;
        if (length < 0x80) {
            out.write(length);
        } else if (length < 0x100) {
            out.write(0x81);
            out.write(length);
        } else if (length < 0x10000) {
            out.write(0x82);
            out.write(length >> 8);
            out.write(length);
        } else {
            out.write(0x83);
            out.write(length >> 16);
            out.write(length >> 8);
            out.write(length);
        }
        out.writeBytes(value);
        return out.toByteArray();
    }
}
