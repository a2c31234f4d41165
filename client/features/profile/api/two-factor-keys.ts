/** Query key of the signed-in user's two-factor status. */
export const twoFactorKey = ['profile', 'two-factor'] as const;
